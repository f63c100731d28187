import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { eventUpdatesQueryKey } from './get-event-updates';

/** POST /api/events/{id}/updates: stored, and e-mailed to the event's diners. */
export function usePostEventUpdate(eventId: number) {
  return useMutation({
    meta: { invalidates: [eventUpdatesQueryKey(eventId)] },
    mutationFn: (text: string) =>
      apiClient.POST('/api/events/{id}/updates', { params: { path: { id: eventId } }, body: { text } }),
  });
}
