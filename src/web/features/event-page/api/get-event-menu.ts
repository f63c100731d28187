import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItemDto } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';

/** The truck's active menu (GET /api/menu-items/{truckId}), once the event says which truck. */
export const truckMenuQuery = (truckId: number) =>
  queryOptions({
    queryKey: [`/api/menu-items/${truckId}`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/menu-items/{id}', { params: { path: { id: truckId } }, signal }),
  });

export function useEventMenu(truckId: number | undefined) {
  return useQuery({ ...truckMenuQuery(truckId ?? 0), enabled: truckId !== undefined });
}

/**
 * What is left of the event's limited items (GET /api/events/{id}/stock), asked only when the menu has
 * one, and again every half minute while the page is open: other diners are buying the same units.
 */
export function useEventStock(eventId: number, menu: MenuItemDto[] | undefined) {
  const limited = menu?.some((item) => item.stockPerEvent !== null) ?? false;
  return useQuery({
    queryKey: [`/api/events/${eventId}/stock`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/stock', { params: { path: { id: eventId } }, signal }),
    enabled: limited,
    refetchInterval: 30_000,
    select: (stock) => new Map(stock.items.map((item) => [item.menuItemId, item.left])),
  });
}
