import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@web/lib/api-client';
import { translate, useT } from '@web/lib/i18n';
import { eventQueryKey } from './get-event';
import { pendingEventsQueryKey } from './get-pending-events';

export interface ApprovalDecision {
  eventId: number;
  status: 'approved' | 'rejected';
  /** Two-decimal string ("1000.00"), as the API takes it. */
  minimumSales: string;
  response: string | null;
}

/** The server's reason, or the status when the answer was not the API's (a proxy's error page). */
export function approvalFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fromServer = error.code !== undefined;
    return fromServer
      ? error.message
      : translate('approvals.failedWithStatus', { status: error.status }, 'app');
  }
  return translate('approvals.failed', undefined, 'app');
}

/** POST /api/events/{id}/approve: only the addressed truck, only while the request is pending. */
export function useApproveEvent() {
  const queryClient = useQueryClient();
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('approvals.failed'), describe: approvalFailureMessage } },
    mutationFn: ({ eventId, ...decision }: ApprovalDecision) =>
      apiClient.POST('/api/events/{id}/approve', { params: { path: { id: eventId } }, body: decision }),
    onSettled: (event, _error, decision) => {
      // Answered or not (a 409 means someone or the clock got there first), the lists are stale.
      const truckId = event?.foodTruckId;
      if (truckId !== undefined)
        void queryClient.invalidateQueries({ queryKey: pendingEventsQueryKey(truckId) });
      else
        void queryClient.invalidateQueries({
          predicate: (q) => String(q.queryKey[0]).startsWith('/api/events/pending/'),
        });
      void queryClient.invalidateQueries({ queryKey: eventQueryKey(decision.eventId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/events/public'] });
    },
  });
}
