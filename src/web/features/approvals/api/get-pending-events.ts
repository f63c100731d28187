import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { cursorPagesQuery } from '@web/components/load-more';

export const pendingEventsQueryKey = (truckId: number) => [`/api/events/pending/${truckId}`] as const;

/** Requests waiting for this truck's answer, soonest to lapse first (GET /api/events/pending/{truckId}). */
export const pendingEventsQuery = (truckId: number) =>
  cursorPagesQuery(pendingEventsQueryKey(truckId), (cursor, signal) =>
    apiClient.GET('/api/events/pending/{foodTruckId}', {
      params: { path: { foodTruckId: truckId }, query: { cursor } },
      signal,
    }),
  );

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function usePendingEvents(truckId: number) {
  return useInfiniteQuery({
    ...pendingEventsQuery(truckId),
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
