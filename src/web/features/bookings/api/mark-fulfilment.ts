import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FulfilmentState } from '@core/fulfilment';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { bookingsQueryKey } from './get-bookings';
import { eventDayOrdersQueryKey, type EventDayOrders } from './get-event-day-orders';

/** POST /api/orders/{id}/fulfilment: the truck marks an order ready or collected. */
export function useMarkFulfilment(eventId: number) {
  const queryClient = useQueryClient();
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('bookings.updateOrderFailed') } },
    mutationFn: ({ orderId, state }: { orderId: number; state: FulfilmentState }) =>
      apiClient.POST('/api/orders/{id}/fulfilment', { params: { path: { id: orderId } }, body: { state } }),
    onSuccess: (order) => {
      // The tapped order and the collected count change at once; the refetch below confirms them.
      queryClient.setQueriesData<EventDayOrders>({ queryKey: eventDayOrdersQueryKey(eventId) }, (day) => {
        const before = day?.orders.find((o) => o.id === order.id);
        if (!day || !before) return day;
        const wasCollected = before.fulfilment === 'collected';
        const isCollected = order.fulfilment === 'collected';
        return {
          ...day,
          orders: day.orders.map((o) => (o.id === order.id ? { ...o, fulfilment: order.fulfilment } : o)),
          collectedCount: day.collectedCount + (isCollected ? 1 : 0) - (wasCollected ? 1 : 0),
        };
      });
      void queryClient.invalidateQueries({ queryKey: eventDayOrdersQueryKey(eventId) });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
