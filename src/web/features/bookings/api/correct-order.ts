import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { bookingsQueryKey } from './get-bookings';
import { eventDayOrdersQueryKey } from './get-event-day-orders';

/** POST /api/orders/{id}/refunds: the truck refunds a charged order, whole or in part, with a reason. */
export function useRefundOrder(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('bookings.refundFailed') },
      invalidates: [eventDayOrdersQueryKey(eventId), bookingsQueryKey],
    },
    mutationFn: ({
      orderId,
      amountCents,
      reason,
    }: {
      orderId: number;
      amountCents: number;
      reason: string;
    }) =>
      apiClient.POST('/api/orders/{id}/refunds', {
        params: { path: { id: orderId } },
        body: { amountCents, reason },
      }),
  });
}

/** DELETE /api/orders/{id}/fulfilment/collected: "Undo" of a Collected tapped by mistake. */
export function useUndoCollected(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('bookings.undoFailed') },
      invalidates: [eventDayOrdersQueryKey(eventId), bookingsQueryKey],
    },
    mutationFn: ({ orderId }: { orderId: number }) =>
      apiClient.DELETE('/api/orders/{id}/fulfilment/collected', { params: { path: { id: orderId } } }),
  });
}
