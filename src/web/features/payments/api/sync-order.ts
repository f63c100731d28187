import { apiClient } from '@web/lib/api-client';

/** Right after the card is confirmed: brings the order in line with its intent, without waiting for a webhook. */
export function syncOrder(eventId: number, orderId: number, token?: string) {
  return apiClient.POST('/api/events/{id}/orders/{orderId}/sync', {
    params: { path: { id: eventId, orderId } },
    body: token ? { token } : {},
  });
}
