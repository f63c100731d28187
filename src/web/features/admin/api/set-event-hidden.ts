import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { api } from '@web/lib/api-client';
import { adminEventsQueryKey } from './get-admin-events';

/** POST /api/admin/events/{id}/hidden: take an event down, or put it back. */
export function useSetEventHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to update the event' } },
    mutationFn: ({ eventId, hidden }: { eventId: number; hidden: boolean }) =>
      api<EventDto>(`/api/admin/events/${eventId}/hidden`, { method: 'POST', body: { hidden } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminEventsQueryKey }),
  });
}
