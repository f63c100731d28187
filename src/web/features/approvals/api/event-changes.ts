import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeAnswerInput, ChangeRequestDto } from '@contract/events';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

/** Changes of date, time or place waiting for this truck's answer (GET /api/change-requests/pending). */
export const pendingChangesQuery = () =>
  queryOptions({
    queryKey: ['/api/change-requests/pending'],
    queryFn: ({ signal }) => apiClient.GET('/api/change-requests/pending', { signal }),
  });

export function usePendingChanges() {
  return useQuery(pendingChangesQuery());
}

/** POST /api/events/{id}/change-requests/{changeId}/answer: the truck accepts or declines a change. */
export function useAnswerChange() {
  const queryClient = useQueryClient();
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('approvals.changes.failed') } },
    mutationFn: ({ change, ...answer }: ChangeAnswerInput & { change: ChangeRequestDto }) =>
      apiClient.POST('/api/events/{id}/change-requests/{changeId}/answer', {
        params: { path: { id: change.eventId, changeId: change.id } },
        body: answer,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingChangesQuery().queryKey }),
  });
}
