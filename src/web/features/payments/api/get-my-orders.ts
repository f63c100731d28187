import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export interface OrderLookup {
  /** The diner's e-mail once typed and valid; without it, every order of this browser session. */
  email?: string | undefined;
  /** From a receipt link: ?order=…&token=… */
  order?: number | undefined;
  token?: string | undefined;
}

export const myOrdersQueryKey = (eventId: number) => ['my-orders', eventId] as const;

function ordersQuery(lookup: OrderLookup) {
  const receipt = lookup.order && lookup.token ? { order: lookup.order, token: lookup.token } : {};
  return { email: lookup.email || undefined, ...receipt };
}

/**
 * The diner's own orders (GET /api/events/{id}/pending-orders): those of this browser's session, or the
 * one a receipt link names. A read starts no session; a visitor who never ordered gets an empty list.
 */
export const myOrdersQuery = (eventId: number, lookup: OrderLookup) =>
  queryOptions({
    queryKey: [...myOrdersQueryKey(eventId), lookup.email ?? '', lookup.order ?? 0, lookup.token ?? ''],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/pending-orders', {
        params: { path: { id: eventId }, query: ordersQuery(lookup) },
        signal,
      }),
  });

export function useMyOrders(eventId: number, lookup: OrderLookup) {
  return useQuery({
    ...myOrdersQuery(eventId, lookup),
    placeholderData: (previous) => previous,
    refetchInterval: 30_000,
  });
}
