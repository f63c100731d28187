import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const pendingEventsQueryKey = (truckId: number) => [`/api/events/pending/${truckId}`] as const;

/** Requests waiting for this truck's answer (GET /api/events/pending/{truckId}). */
export const pendingEventsQuery = (truckId: number) =>
  queryOptions({
    queryKey: pendingEventsQueryKey(truckId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/pending/{foodTruckId}', {
        params: { path: { foodTruckId: truckId } },
        signal,
      }),
  });

export function usePendingEvents(truckId: number) {
  return useQuery(pendingEventsQuery(truckId));
}
