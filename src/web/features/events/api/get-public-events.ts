import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventDto, PublicEventsPage } from '@contract/events';
import { api } from '@web/lib/api-client';

export type PublicEvent = EventDto & { foodTruckName: string | null; cuisine: string | null };

export const PUBLIC_EVENTS_QUERY_KEY = ['/api/events/public'] as const;

/** Live, upcoming, not hidden events, soonest first, a page at a time (GET /api/events/public). */
export const publicEventsQuery = () =>
  infiniteQueryOptions({
    queryKey: PUBLIC_EVENTS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) =>
      api<PublicEventsPage>(
        pageParam ? `/api/events/public?cursor=${encodeURIComponent(pageParam)}` : '/api/events/public',
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function usePublicEvents() {
  return useInfiniteQuery({
    ...publicEventsQuery(),
    select: (data) => data.pages.flatMap((page) => page.events) as PublicEvent[],
  });
}
