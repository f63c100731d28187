import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const menuItemsQueryKey = (truckId: number) => [`/api/menu-items/${truckId}`] as const;

/** A truck's active menu (GET /api/menu-items/{truckId}); runs only once the id is known. */
export const menuItemsQuery = (truckId: number) =>
  queryOptions({
    queryKey: menuItemsQueryKey(truckId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/menu-items/{id}', { params: { path: { id: truckId } }, signal }),
  });

export function useMenuItems(truckId: number | undefined) {
  return useQuery({ ...menuItemsQuery(truckId ?? 0), enabled: truckId !== undefined });
}

/** The owner's own list: active items and those it switched off (deleted ones never come back). */
export const ownMenuItemsQuery = (truckId: number) =>
  queryOptions({
    queryKey: [...menuItemsQueryKey(truckId), 'includeInactive'],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/menu-items/{id}', {
        params: { path: { id: truckId }, query: { includeInactive: 'true' } },
        signal,
      }),
  });

export function useOwnMenuItems(truckId: number) {
  return useQuery(ownMenuItemsQuery(truckId));
}
