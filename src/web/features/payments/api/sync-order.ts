import type { OrderDto } from '@contract/orders';
import { api } from '@web/lib/api-client';

/** Right after the card is confirmed: brings the order in line with its intent, without waiting for a webhook. */
export function syncOrder(eventId: number, orderId: number, token?: string) {
  return api<OrderDto>(`/api/events/${eventId}/orders/${orderId}/sync`, {
    method: 'POST',
    body: token ? { token } : {},
  });
}
