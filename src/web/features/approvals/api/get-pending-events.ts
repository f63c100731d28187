import { useQuery } from '@tanstack/react-query';
import type { EventDto } from '../../../../contract/events';
import { api } from '../../../lib/api-client';

export const pendingEventsQueryKey = (truckId: number) => [`/api/events/pending/${truckId}`] as const;

/** Requests waiting for this truck's answer (GET /api/events/pending/{truckId}). */
export function usePendingEvents(truckId: number) {
  return useQuery({
    queryKey: pendingEventsQueryKey(truckId),
    queryFn: () => api<EventDto[]>(`/api/events/pending/${truckId}`),
  });
}
