import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * A truck's active menu (GET /api/menu-items/{truckId}), once the caller knows which truck: the public
 * event page shows the event's truck's menu, the event form picks the event's items from the chosen one.
 */
export const truckMenuQuery = (truckId: number) =>
  queryOptions({
    queryKey: [`/api/menu-items/${truckId}`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/menu-items/{id}', { params: { path: { id: truckId } }, signal }),
  });

export function useTruckMenu(truckId: number | undefined) {
  return useQuery({ ...truckMenuQuery(truckId ?? 0), enabled: truckId !== undefined });
}
