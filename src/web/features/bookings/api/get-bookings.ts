import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const bookingsQueryKey = ['/api/bookings'] as const;

/**
 * The signed-in truck's accepted events with order counts and prep lists, upcoming first, a page at a
 * time (GET /api/bookings).
 */
export const bookingsQuery = () =>
  infiniteQueryOptions({
    queryKey: bookingsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.GET('/api/bookings', { params: { query: { cursor: pageParam ?? undefined } }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function useBookings() {
  return useInfiniteQuery({
    ...bookingsQuery(),
    select: (data) => data.pages.flatMap((page) => page.bookings),
  });
}
