import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EventDto, OwnEventsPage } from '@contract/events';
import { api } from '@web/lib/api-client';

export type OrganizerEvent = EventDto & { foodTruckName?: string | null };

export const organizerEventsQueryKey = (organizerId: number) =>
  [`/api/events/organizer/${organizerId}`] as const;

/** The organizer's own events, latest first, a page at a time (GET /api/events/organizer/{userId}). */
export const organizerEventsQuery = (organizerId: number) =>
  infiniteQueryOptions({
    queryKey: organizerEventsQueryKey(organizerId),
    queryFn: ({ pageParam, signal }) =>
      api<OwnEventsPage>(
        `/api/events/organizer/${organizerId}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function useOrganizerEvents(organizerId: number) {
  return useInfiniteQuery({
    ...organizerEventsQuery(organizerId),
    select: (data) => data.pages.flatMap((page) => page.events) as OrganizerEvent[],
  });
}
