import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The organizer's view of one event: its totals and newest orders (GET /api/events/{id}/orders). */
export const eventOrdersQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/orders`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/orders', { params: { path: { id: eventId } }, signal }),
  });

export function useEventOrders(eventId: number) {
  return useQuery(eventOrdersQuery(eventId));
}

/**
 * The pages after the first, asked for one at a time ("Load more orders"), from the first page's
 * `nextCursor`. Under the first page's key, so whatever refreshes the orders refreshes these too.
 */
export function useOlderEventOrders(eventId: number, firstCursor: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...eventOrdersQuery(eventId).queryKey, 'older', firstCursor],
    queryFn: ({ pageParam, signal }) =>
      apiClient.GET('/api/events/{id}/orders', {
        params: { path: { id: eventId }, query: { cursor: pageParam } },
        signal,
      }),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && firstCursor !== null,
  });
}
