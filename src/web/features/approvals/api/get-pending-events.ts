import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OwnEventsPage } from '@contract/events';
import { api } from '@web/lib/api-client';

export const pendingEventsQueryKey = (truckId: number) => [`/api/events/pending/${truckId}`] as const;

/** Requests waiting for this truck's answer, soonest to lapse first (GET /api/events/pending/{truckId}). */
export const pendingEventsQuery = (truckId: number) =>
  infiniteQueryOptions({
    queryKey: pendingEventsQueryKey(truckId),
    queryFn: ({ pageParam, signal }) =>
      api<OwnEventsPage>(
        `/api/events/pending/${truckId}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function usePendingEvents(truckId: number) {
  return useInfiniteQuery({
    ...pendingEventsQuery(truckId),
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
