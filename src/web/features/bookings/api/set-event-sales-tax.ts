import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventDto } from '@contract/events';
import { api } from '@web/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** PUT /api/events/{id}/sales-tax: the event's own rate, or null for the truck's profile rate (decision 189). */
export function useSetEventSalesTax(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to save the sales tax' } },
    mutationFn: (basisPoints: number | null) =>
      api<EventDto>(`/api/events/${eventId}/sales-tax`, { method: 'PUT', body: { basisPoints } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
