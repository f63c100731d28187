import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '../../../../server/events/event-dto';
import { api } from '../../../lib/api-client';
import { organizerEventsQueryKey } from './get-organizer-events';
import { PUBLIC_EVENTS_QUERY_KEY } from './get-public-events';

/** POST /api/events/{id}/cancel: an organizer calls off their own pending or approved event. */
export function useCancelEvent(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => api<EventDto>(`/api/events/${eventId}/cancel`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: organizerEventsQueryKey(organizerId) });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_EVENTS_QUERY_KEY });
    },
  });
}
