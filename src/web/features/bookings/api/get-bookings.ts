import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '../../../../contract/bookings';
import { api } from '../../../lib/api-client';

export const bookingsQueryKey = ['/api/bookings'] as const;

/** The signed-in truck's accepted events with order counts and prep lists (GET /api/bookings). */
export function useBookings() {
  return useQuery({
    queryKey: bookingsQueryKey,
    queryFn: ({ signal }) => api<BookingDto[]>('/api/bookings', { signal }),
  });
}
