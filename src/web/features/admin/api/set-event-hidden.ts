import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { adminEventsQueryKey } from './get-admin-events';
import { useT } from '@web/lib/i18n';

/** POST /api/admin/events/{id}/hidden: take an event down (saying why), or put it back. */
export function useSetEventHidden() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('admin.updateFailed') }, invalidates: [adminEventsQueryKey] },
    mutationFn: ({ eventId, hidden, reason }: { eventId: number; hidden: boolean; reason?: string }) =>
      apiClient.POST('/api/admin/events/{id}/hidden', {
        params: { path: { id: eventId } },
        body: { hidden, reason },
      }),
  });
}

/** POST /api/admin/events/{id}/cancel: call an event off, with the reason every party and diner is told. */
export function useAdminCancelEvent() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('admin.callOffFailed') }, invalidates: [adminEventsQueryKey] },
    mutationFn: ({ eventId, reason }: { eventId: number; reason: string }) =>
      apiClient.POST('/api/admin/events/{id}/cancel', {
        params: { path: { id: eventId } },
        body: { reason },
      }),
  });
}
