import { apiClient } from '@web/lib/api-client';

/** A failed order's fresh intent, within its fix-payment window (POST …/orders/{orderId}/retry-payment). */
export function retryPayment(eventId: number, orderId: number, token?: string) {
  return apiClient.POST('/api/events/{id}/orders/{orderId}/retry-payment', {
    params: { path: { id: eventId, orderId } },
    body: token ? { token } : {},
  });
}
