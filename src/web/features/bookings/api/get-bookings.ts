import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export const bookingsQueryKey = ['/api/bookings'] as const;

/** The signed-in truck's accepted events with order counts and prep lists (GET /api/bookings). */
export const bookingsQuery = () =>
  queryOptions({
    queryKey: bookingsQueryKey,
    queryFn: ({ signal }) => apiClient.GET('/api/bookings', { signal }),
  });

export function useBookings() {
  return useQuery(bookingsQuery());
}
