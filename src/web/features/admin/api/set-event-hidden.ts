import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { adminEventsQueryKey } from './get-admin-events';

/** POST /api/admin/events/{id}/hidden: take an event down (saying why), or put it back. */
export function useSetEventHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to update the event' } },
    mutationFn: ({ eventId, hidden, reason }: { eventId: number; hidden: boolean; reason?: string }) =>
      apiClient.POST('/api/admin/events/{id}/hidden', {
        params: { path: { id: eventId } },
        body: { hidden, reason },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminEventsQueryKey }),
  });
}

/** POST /api/admin/events/{id}/cancel: call an event off, with the reason every party and diner is told. */
export function useAdminCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to call the event off' } },
    mutationFn: ({ eventId, reason }: { eventId: number; reason: string }) =>
      apiClient.POST('/api/admin/events/{id}/cancel', {
        params: { path: { id: eventId } },
        body: { reason },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminEventsQueryKey }),
  });
}
