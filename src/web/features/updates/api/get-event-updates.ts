import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface EventUpdate {
  id: number;
  text: string;
  createdAt: string;
  authorName: string;
  authorRole: 'organizer' | 'truck';
}

export const eventUpdatesQueryKey = (eventId: number) => [`/api/events/${eventId}/updates`] as const;

/** GET /api/events/{id}/updates: newest first. */
export function useEventUpdates(eventId: number) {
  return useQuery({
    queryKey: eventUpdatesQueryKey(eventId),
    queryFn: ({ signal }) => api<EventUpdate[]>(`/api/events/${eventId}/updates`, { signal }),
    refetchInterval: 60_000,
  });
}
