import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { myOrdersQueryKey } from './get-my-orders';

export type CancelTarget = { paymentIntentId: string } | { orderId: number; token?: string | undefined };

/** POST /api/events/{id}/cancel-payment: the hold is released and the order leaves the goal. */
export function useCancelOrder(eventId: number, onCancelled?: () => void) {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    meta: {
      errorToast: {
        title: t('orders.toast.cancelFailedTitle'),
        fallback: t('orders.toast.cancelFailed'),
        // A conflict says why (e.g. the card was already charged); anything else gets the plain words.
        describe: (error) =>
          error instanceof ApiError && error.status === 409 ? error.message : t('orders.toast.cancelFailed'),
      },
    },
    mutationFn: (target: CancelTarget) =>
      apiClient.POST('/api/events/{id}/cancel-payment', {
        params: { path: { id: eventId } },
        body: target,
      }),
    onSuccess: async () => {
      onCancelled?.();
      await queryClient.invalidateQueries({ queryKey: myOrdersQueryKey(eventId) });
    },
  });
}
