import { useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { cursorPagesQuery } from '@web/components/load-more';

export const bookingsQueryKey = ['/api/bookings'] as const;

/**
 * The signed-in truck's accepted events with order counts and prep lists, upcoming first, a page at a
 * time (GET /api/bookings).
 */
export const bookingsQuery = () =>
  cursorPagesQuery(bookingsQueryKey, (cursor, signal) =>
    apiClient.GET('/api/bookings', { params: { query: { cursor } }, signal }),
  );

/** The pages loaded so far as one list (`data`); `fetchNextPage` loads the next while `hasNextPage`. */
export function useBookings() {
  return useInfiniteQuery({
    ...bookingsQuery(),
    select: (data) => data.pages.flatMap((page) => page.bookings),
  });
}
