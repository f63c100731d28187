import { useQuery } from '@tanstack/react-query';
import type { MenuItemDto } from '../../../../contract/menu';
import { api } from '../../../lib/api-client';

/** The truck's active menu (GET /api/menu-items/{truckId}), once the event says which truck. */
export function useEventMenu(truckId: number | undefined) {
  return useQuery({
    queryKey: [`/api/menu-items/${truckId ?? 0}`],
    queryFn: ({ signal }) => api<MenuItemDto[]>(`/api/menu-items/${truckId}`, { signal }),
    enabled: truckId !== undefined,
  });
}
