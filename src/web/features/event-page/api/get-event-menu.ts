import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItemDto } from '@contract/menu';
import { api } from '@web/lib/api-client';

/** The truck's active menu (GET /api/menu-items/{truckId}), once the event says which truck. */
export const truckMenuQuery = (truckId: number) =>
  queryOptions({
    queryKey: [`/api/menu-items/${truckId}`],
    queryFn: ({ signal }) => api<MenuItemDto[]>(`/api/menu-items/${truckId}`, { signal }),
  });

export function useEventMenu(truckId: number | undefined) {
  return useQuery({ ...truckMenuQuery(truckId ?? 0), enabled: truckId !== undefined });
}
