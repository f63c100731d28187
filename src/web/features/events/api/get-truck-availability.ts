import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** Whether the chosen truck can take the chosen date, and its next free date (GET /api/trucks/{id}/availability). */
export function useTruckDateAvailability(truckId: number | undefined, date: string) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return useQuery({
    queryKey: ['/api/trucks', truckId, 'availability', date],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/trucks/{id}/availability', {
        params: { path: { id: truckId ?? 0 }, query: { date } },
        signal,
      }),
    enabled: truckId !== undefined && valid,
    staleTime: 30_000,
  });
}
