import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** PUT /api/events/{id}/sales-tax: the event's own rate, or null for the truck's profile rate (decision 189). */
export function useSetEventSalesTax(eventId: number) {
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to save the sales tax' }, invalidates: [bookingsQueryKey] },
    mutationFn: (basisPoints: number | null) =>
      apiClient.PUT('/api/events/{id}/sales-tax', {
        params: { path: { id: eventId } },
        body: { basisPoints },
      }),
  });
}
