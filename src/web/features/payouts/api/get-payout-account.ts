import { useQuery } from '@tanstack/react-query';
import type { PayoutAccountStatus } from '../../../../contract/payouts';
import { api } from '../../../lib/api-client';

export interface PayoutAccount {
  status: PayoutAccountStatus;
  detailsSubmitted: boolean;
  requirementsDue: string[];
  provider: 'simulator' | 'stripe';
}

export const payoutAccountQueryKey = ['/api/payouts/account'] as const;

/** Whether the signed-in truck or organizer can be paid (GET /api/payouts/account). */
export function usePayoutAccount(enabled = true) {
  return useQuery({
    queryKey: payoutAccountQueryKey,
    queryFn: () => api<PayoutAccount>('/api/payouts/account'),
    enabled,
  });
}
