import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDetailDto } from '@contract/events';
import { api } from '@web/lib/api-client';

export type PublicEventDetails = EventDetailDto;

export const eventQueryKey = (eventId: number) => [`/api/events/${eventId}`] as const;

/**
 * The event with its truck (GET /api/events/{id}). Progress normally arrives live (useLiveProgress);
 * this refetches every minute, or every `pollMs` while the live stream is down. Not more often: the
 * answer carries the truck's picture inline.
 */
export const eventDetailsQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventQueryKey(eventId),
    queryFn: ({ signal }) => api<PublicEventDetails>(`/api/events/${eventId}`, { signal }),
  });

export function useEventDetails(eventId: number, pollMs = 60_000) {
  return useQuery({ ...eventDetailsQuery(eventId), refetchInterval: pollMs });
}
