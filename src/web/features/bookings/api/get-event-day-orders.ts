import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDayOrdersDto } from '@contract/bookings';
import { apiClient } from '@web/lib/api-client';

export type EventDayOrders = EventDayOrdersDto;

export const eventDayOrdersQueryKey = (eventId: number) => [`/api/bookings/${eventId}/orders`] as const;

/**
 * The event's authorized and charged orders for the truck's window (GET /api/bookings/{id}/orders),
 * refreshed every 20 seconds so a second phone at the window sees the other's taps.
 */
export const eventDayOrdersQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventDayOrdersQueryKey(eventId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/bookings/{eventId}/orders', { params: { path: { eventId } }, signal }),
  });

export function useEventDayOrders(eventId: number) {
  return useQuery({ ...eventDayOrdersQuery(eventId), refetchInterval: 20_000 });
}
