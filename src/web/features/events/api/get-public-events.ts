import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';

export type PublicEvent = EventDto & { foodTruckName: string | null; cuisine: string | null };

export const PUBLIC_EVENTS_QUERY_KEY = ['/api/events/public'] as const;

/** What a list may be narrowed to: one organizer's events, or one event (the embeds). */
export interface PublicEventsFilter {
  organizer?: number | undefined;
  event?: number | undefined;
}

function pageQuery(pageParam: string | null, filter: PublicEventsFilter) {
  return {
    cursor: pageParam || undefined,
    organizer: filter.organizer || undefined,
    event: filter.event || undefined,
  };
}

/** Live, upcoming, not hidden events, soonest first, a page at a time (GET /api/events/public). */
export const publicEventsQuery = (filter: PublicEventsFilter = {}) =>
  infiniteQueryOptions({
    queryKey:
      filter.organizer || filter.event
        ? [...PUBLIC_EVENTS_QUERY_KEY, filter.organizer ?? 0, filter.event ?? 0]
        : PUBLIC_EVENTS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) =>
      apiClient.GET('/api/events/public', { params: { query: pageQuery(pageParam, filter) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function usePublicEvents(filter: PublicEventsFilter = {}) {
  return useInfiniteQuery({
    ...publicEventsQuery(filter),
    select: (data) => data.pages.flatMap((page) => page.events) as PublicEvent[],
  });
}

/** How many events match in all, every page included (the list's headline), from the latest page read. */
export function usePublicEventsTotal(filter: PublicEventsFilter = {}): number | undefined {
  return useInfiniteQuery({
    ...publicEventsQuery(filter),
    select: (data) => data.pages.at(-1)?.total,
  }).data;
}
