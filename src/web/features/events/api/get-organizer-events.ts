import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';

export type OrganizerEvent = EventDto & { foodTruckName?: string | null };

export const organizerEventsQueryKey = (organizerId: number) =>
  [`/api/events/organizer/${organizerId}`] as const;

/** The organizer's own events (GET /api/events/organizer/{userId}). */
export const organizerEventsQuery = (organizerId: number) =>
  queryOptions({
    queryKey: organizerEventsQueryKey(organizerId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/organizer/{userId}', {
        params: { path: { userId: organizerId } },
        signal,
      }),
  });

export function useOrganizerEvents(organizerId: number) {
  return useQuery(organizerEventsQuery(organizerId));
}
