import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/payments/config'],
    queryFn: ({ signal }) => apiClient.GET('/api/payments/config', { signal }),
    staleTime: Infinity,
  });

/** Which card form to show (GET /api/payments/config); asked only once a diner proceeds to payment. */
export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
