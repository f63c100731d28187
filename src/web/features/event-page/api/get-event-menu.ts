import { useQuery } from '@tanstack/react-query';
import type { MenuItemDto } from '@contract/menu';
import { apiClient } from '@web/lib/api-client';

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
