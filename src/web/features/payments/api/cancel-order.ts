import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDto } from '../../../../contract/orders';
import { api } from '../../../lib/api-client';
import { myOrdersQueryKey } from './get-my-orders';

export type CancelTarget = { paymentIntentId: string } | { orderId: number; token?: string | undefined };

/** POST /api/events/{id}/cancel-payment: the hold is released and the order leaves the goal. */
export function useCancelOrder(eventId: number, onCancelled?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: CancelTarget) =>
      api<{ message: string; order: OrderDto }>(`/api/events/${eventId}/cancel-payment`, {
        method: 'POST',
        body: target,
      }),
    onSuccess: async () => {
      onCancelled?.();
      await queryClient.invalidateQueries({ queryKey: myOrdersQueryKey(eventId) });
    },
  });
}
