import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventDayOrdersDto } from '@contract/bookings';
import { apiClient } from '@web/lib/api-client';

export type EventDayOrders = EventDayOrdersDto;

/** The key of every event-day query of the event (each search is one more part of it). */
export const eventDayOrdersQueryKey = (eventId: number) => [`/api/bookings/${eventId}/orders`] as const;

/**
 * The event's authorized and charged orders for the truck's window (GET /api/bookings/{id}/orders),
 * at most 500 by pickup code; `search` asks the server for the matching ones (a huge event), refreshed
 * every 20 seconds so a second phone at the window sees the other's taps.
 */
export const eventDayOrdersQuery = (eventId: number, search = '') =>
  queryOptions({
    queryKey: [...eventDayOrdersQueryKey(eventId), search] as const,
    queryFn: ({ signal }) =>
      apiClient.GET('/api/bookings/{eventId}/orders', {
        params: { path: { eventId }, query: { q: search || undefined } },
        signal,
      }),
  });

export function useEventDayOrders(eventId: number, search = '') {
  return useQuery({
    ...eventDayOrdersQuery(eventId, search),
    refetchInterval: 20_000,
    placeholderData: keepPreviousData,
  });
}
