import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PaymentsConfig = { provider: 'simulator' } | { provider: 'stripe'; publishableKey: string };

/** Which card form to show (GET /api/payments/config); asked only once a diner proceeds to payment. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: ({ signal }) => api<PaymentsConfig>('/api/payments/config', { signal }),
    staleTime: Infinity,
  });
}
