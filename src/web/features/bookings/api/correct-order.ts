import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectionResultDto } from '@contract/bookings';
import type { OrderDto } from '@contract/orders';
import { api } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';
import { eventDayOrdersQueryKey } from './get-event-day-orders';

/** POST /api/orders/{id}/refunds: the truck refunds a charged order, whole or in part, with a reason. */
export function useRefundOrder(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to refund the order' } },
    mutationFn: ({
      orderId,
      amountCents,
      reason,
    }: {
      orderId: number;
      amountCents: number;
      reason: string;
    }) =>
      api<CorrectionResultDto>(`/api/orders/${orderId}/refunds`, {
        method: 'POST',
        body: { amountCents, reason },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventDayOrdersQueryKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}

/** DELETE /api/orders/{id}/fulfilment/collected: "Undo" of a Collected tapped by mistake. */
export function useUndoCollected(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to undo' } },
    mutationFn: ({ orderId }: { orderId: number }) =>
      api<OrderDto>(`/api/orders/${orderId}/fulfilment/collected`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: eventDayOrdersQueryKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
