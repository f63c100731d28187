import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const payoutAccountQueryKey = ['/api/payouts/account'] as const;

/** Whether the signed-in truck or organizer can be paid (GET /api/payouts/account). */
export const payoutAccountQuery = () =>
  queryOptions({
    queryKey: payoutAccountQueryKey,
    queryFn: ({ signal }) => apiClient.GET('/api/payouts/account', { signal }),
  });

export function usePayoutAccount(enabled = true) {
  return useQuery({ ...payoutAccountQuery(), enabled });
}
