import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '../../../../server/events/event-dto';
import { api } from '../../../lib/api-client';
import { organizerEventsQueryKey } from './get-organizer-events';
import { PUBLIC_EVENTS_QUERY_KEY } from './get-public-events';

/**
 * POST /api/events/{id}/cancel: the organizer (or the event's truck) calls an event off before it closes,
 * optionally saying why; holds are released and charges refunded.
 */
export function useCancelEvent(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, reason }: { eventId: number; reason?: string }) =>
      api<EventDto>(`/api/events/${eventId}/cancel`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: organizerEventsQueryKey(organizerId) });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_EVENTS_QUERY_KEY });
    },
  });
}
