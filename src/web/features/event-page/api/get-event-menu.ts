import { queryOptions, useQuery } from '@tanstack/react-query';
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
