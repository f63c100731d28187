import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { eventUpdatesQueryKey, type EventUpdate } from './get-event-updates';

/** POST /api/events/{id}/updates: stored, and e-mailed to the event's diners. */
export function usePostEventUpdate(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api<EventUpdate & { recipients: number }>(`/api/events/${eventId}/updates`, {
        method: 'POST',
        body: { text },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventUpdatesQueryKey(eventId) }),
  });
}
