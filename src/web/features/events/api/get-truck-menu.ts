import { useQuery } from '@tanstack/react-query';
import type { MenuItemDto } from '../../../../contract/menu';
import { api } from '../../../lib/api-client';

/** The chosen truck's active menu, to pick the event's items from (GET /api/menu-items/{truckId}). */
export function useTruckMenu(truckId: number | undefined) {
  return useQuery({
    queryKey: [`/api/menu-items/${truckId ?? 0}`],
    queryFn: ({ signal }) => api<MenuItemDto[]>(`/api/menu-items/${truckId}`, { signal }),
    enabled: truckId !== undefined,
  });
}
