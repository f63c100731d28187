import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { adminEventsQueryKey } from './get-admin-events';

/** POST /api/admin/events/{id}/hidden: take an event down (saying why), or put it back. */
export function useSetEventHidden() {
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to update the event' }, invalidates: [adminEventsQueryKey] },
    mutationFn: ({ eventId, hidden, reason }: { eventId: number; hidden: boolean; reason?: string }) =>
      apiClient.POST('/api/admin/events/{id}/hidden', {
        params: { path: { id: eventId } },
        body: { hidden, reason },
      }),
  });
}

/** POST /api/admin/events/{id}/cancel: call an event off, with the reason every party and diner is told. */
export function useAdminCancelEvent() {
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to call the event off' }, invalidates: [adminEventsQueryKey] },
    mutationFn: ({ eventId, reason }: { eventId: number; reason: string }) =>
      apiClient.POST('/api/admin/events/{id}/cancel', {
        params: { path: { id: eventId } },
        body: { reason },
      }),
  });
}
