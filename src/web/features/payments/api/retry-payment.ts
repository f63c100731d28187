import type { CreatedOrder } from '@contract/orders';
import { api } from '@web/lib/api-client';

/** A failed order's fresh intent, within its fix-payment window (POST …/orders/{orderId}/retry-payment). */
export function retryPayment(eventId: number, orderId: number, token?: string) {
  return api<CreatedOrder>(`/api/events/${eventId}/orders/${orderId}/retry-payment`, {
    method: 'POST',
    body: token ? { token } : {},
  });
}
