import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventUpdateDto } from '@contract/updates';
import { apiClient } from '@web/lib/api-client';

export type EventUpdate = EventUpdateDto;

export const eventUpdatesQueryKey = (eventId: number) => [`/api/events/${eventId}/updates`] as const;

/** GET /api/events/{id}/updates: newest first. */
export const eventUpdatesQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventUpdatesQueryKey(eventId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/updates', { params: { path: { id: eventId } }, signal }),
  });

export function useEventUpdates(eventId: number) {
  return useQuery({ ...eventUpdatesQuery(eventId), refetchInterval: 60_000 });
}
