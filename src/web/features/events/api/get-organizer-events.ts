import { useInfiniteQuery } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';
import { cursorPagesQuery } from '@web/components/load-more';

export type OrganizerEvent = EventDto & { foodTruckName?: string | null };

export const organizerEventsQueryKey = (organizerId: number) =>
  [`/api/events/organizer/${organizerId}`] as const;

/** The organizer's own events, latest first, a page at a time (GET /api/events/organizer/{userId}). */
export const organizerEventsQuery = (organizerId: number) =>
  cursorPagesQuery(organizerEventsQueryKey(organizerId), (cursor, signal) =>
    apiClient.GET('/api/events/organizer/{userId}', {
      params: { path: { userId: organizerId }, query: { cursor } },
      signal,
    }),
  );

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function useOrganizerEvents(organizerId: number) {
  return useInfiniteQuery({
    ...organizerEventsQuery(organizerId),
    select: (data) => data.pages.flatMap((page) => page.events) as OrganizerEvent[],
  });
}
