import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventOrdersDto } from '@contract/orders';
import { api } from '@web/lib/api-client';

export type EventOrdersView = EventOrdersDto;

/** The organizer's view of one event: its orders and totals (GET /api/events/{id}/orders). */
export const eventOrdersQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/orders`],
    queryFn: ({ signal }) => api<EventOrdersView>(`/api/events/${eventId}/orders`, { signal }),
  });

export function useEventOrders(eventId: number) {
  return useQuery(eventOrdersQuery(eventId));
}
