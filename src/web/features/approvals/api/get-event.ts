import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetailDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';

export type EventWithTruck = EventDetailDto;

export const eventQueryKey = (eventId: number) => [`/api/events/${eventId}`] as const;

/** One event with its truck's public fields (GET /api/events/{id}). */
export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => apiClient.GET('/api/events/{id}', { params: { path: { id: eventId } }, signal }),
  });

export function useEvent(eventId: number | null) {
  return useQuery({
    ...eventQuery(eventId ?? 0),
    enabled: eventId !== null,
  });
}
