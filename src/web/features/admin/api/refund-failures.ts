import { useMutation, useQuery } from '@tanstack/react-query';
import type { RefundFailureDto, SettleRefundFailureInput } from '@contract/refund-failures';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

export type RefundFailure = RefundFailureDto;

export const refundFailuresQueryKey = ['/api/admin/refund-failures'] as const;

/** GET /api/admin/refund-failures: the refunds the provider refused for good, waiting for an admin. */
export function useRefundFailures() {
  return useQuery({
    queryKey: refundFailuresQueryKey,
    queryFn: ({ signal }) => apiClient.GET('/api/admin/refund-failures', { signal }),
  });
}

/** POST /api/admin/refund-failures/settle: try once more, record it refunded another way, or close it. */
export function useSettleRefundFailure() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('admin.refunds.failed') }, invalidates: [refundFailuresQueryKey] },
    mutationFn: (body: SettleRefundFailureInput) =>
      apiClient.POST('/api/admin/refund-failures/settle', { body }),
  });
}
