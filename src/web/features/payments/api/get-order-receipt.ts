import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '@web/lib/api-client';

export const orderReceiptQuery = (eventId: number, orderId: number, token: string | undefined) =>
  queryOptions({
    queryKey: ['order-receipt', eventId, orderId, token ?? ''],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/orders/{orderId}', {
        params: { path: { id: eventId, orderId }, query: { token: token || undefined } },
        signal,
      }),
    // "Not found" is an answer, not a hiccup: no retries for it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/**
 * The diner's confirmation of one order (GET /api/events/{id}/orders/{orderId}): for the browser that
 * placed it, or anyone with the receipt link's token. While the card is still being confirmed, asked
 * again every few seconds until the order says where it stands.
 */
export function useOrderReceipt(eventId: number, orderId: number, token: string | undefined) {
  return useQuery({
    ...orderReceiptQuery(eventId, orderId, token),
    refetchInterval: (query) => (query.state.data?.order.status === 'pending' ? 3000 : false),
  });
}
