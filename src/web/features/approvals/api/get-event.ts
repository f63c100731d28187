import { useQuery } from '@tanstack/react-query';
import type { EventDetailDto } from '../../../../contract/events';
import { api, ApiError } from '../../../lib/api-client';

export type EventWithTruck = EventDetailDto;

export const eventQueryKey = (eventId: number) => [`/api/events/${eventId}`] as const;

/** One event with its truck's public fields (GET /api/events/{id}); a 404 is not retried. */
export function useEvent(eventId: number | null) {
  return useQuery({
    queryKey: eventQueryKey(eventId ?? 0),
    queryFn: () => api<EventWithTruck>(`/api/events/${eventId}`),
    enabled: eventId !== null,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
