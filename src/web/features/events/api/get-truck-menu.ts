import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** The chosen truck's active menu, to pick the event's items from (GET /api/menu-items/{truckId}). */
export const truckMenuQuery = (truckId: number) =>
  queryOptions({
    queryKey: [`/api/menu-items/${truckId}`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/menu-items/{id}', { params: { path: { id: truckId } }, signal }),
  });

export function useTruckMenu(truckId: number | undefined) {
  return useQuery({ ...truckMenuQuery(truckId ?? 0), enabled: truckId !== undefined });
}
