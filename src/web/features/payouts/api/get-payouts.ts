import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutStatementDto } from '@contract/payouts';
import { apiClient, apiPath } from '@web/lib/api-client';

export type PayoutStatement = PayoutStatementDto;
export type PayoutLine = PayoutStatement['events'][number];

export const payoutsQueryKey = ['/api/payouts'] as const;

/** The signed-in truck's or organizer's statement (GET /api/payouts). */
export const payoutsQuery = () =>
  queryOptions({
    queryKey: payoutsQueryKey,
    queryFn: ({ signal }) => apiClient.GET('/api/payouts', { signal }),
  });

export function usePayouts() {
  return useQuery(payoutsQuery());
}

/** Where the browser downloads the same statement as CSV. */
export const PAYOUTS_CSV_URL = apiPath('/api/payouts/export.csv');
