import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { PUBLIC_EVENTS_QUERY_KEY } from './get-public-events';

/**
 * POST /api/events/{id}/cancel: the organizer (or the event's truck) calls an event off before it closes,
 * optionally saying why; holds are released and charges refunded.
 */
export function useCancelEvent() {
  const queryClient = useQueryClient();
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('events.callOff.failed') } },
    mutationFn: ({ eventId, reason }: { eventId: number; reason?: string }) =>
      apiClient.POST('/api/events/{id}/cancel', {
        params: { path: { id: eventId } },
        body: reason ? { reason } : {},
      }),
    onSettled: (_data, _error, { eventId }) => {
      // The event's own page (its orders and status) and its public page.
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(`/api/events/${eventId}`),
      });
      // The organizer's list, the truck's bookings and the public lists all show the event's status.
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/events/organizer/'),
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/bookings'] });
      void queryClient.invalidateQueries({ queryKey: PUBLIC_EVENTS_QUERY_KEY });
    },
  });
}
