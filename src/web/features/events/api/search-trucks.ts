import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/** How many trucks the create-event form's search shows at a time. */
const TRUCK_SEARCH_PAGE = 8;

/**
 * Bookable trucks whose name contains `q` (all of them without one), a page at a time, for the
 * create-event form's truck search (GET /api/trucks?q=…, decision 220).
 */
export function useTruckSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ['/api/trucks', 'search', q],
    queryFn: ({ pageParam, signal }) =>
      apiClient.GET('/api/trucks', {
        params: {
          query: {
            ...(q ? { q } : {}),
            limit: TRUCK_SEARCH_PAGE,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
