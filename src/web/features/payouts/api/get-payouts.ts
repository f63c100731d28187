import { useInfiniteQuery } from '@tanstack/react-query';
import type { PayoutStatementDto } from '@contract/payouts';
import { cursorPagesQuery } from '@web/components/load-more';
import { apiClient, apiPath } from '@web/lib/api-client';

export type PayoutStatement = PayoutStatementDto;
export type PayoutLine = PayoutStatement['events'][number];
export type PayoutTotals = NonNullable<PayoutStatement['totals']>;

export const payoutsQueryKey = ['/api/payouts'] as const;

/**
 * The signed-in truck's or organizer's statement, latest event first, a page at a time (GET
 * /api/payouts): the first page carries the totals over every event.
 */
export const payoutsQuery = () =>
  cursorPagesQuery(payoutsQueryKey, (cursor, signal) =>
    apiClient.GET('/api/payouts', { params: { query: { cursor } }, signal }),
  );

/** The pages loaded so far as one statement: the first page's totals, every page's events in order. */
export function usePayouts() {
  return useInfiniteQuery({
    ...payoutsQuery(),
    select: (data) => ({
      ...data.pages[0]!,
      events: data.pages.flatMap((page) => page.events),
    }),
  });
}

/** Where the browser downloads the whole statement as CSV. */
export const PAYOUTS_CSV_URL = apiPath('/api/payouts/export.csv');
