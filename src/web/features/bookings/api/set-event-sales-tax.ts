import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { bookingsQueryKey } from './get-bookings';

/** PUT /api/events/{id}/sales-tax: the event's own rate, or null for the truck's profile rate (decision 189). */
export function useSetEventSalesTax(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('bookings.taxFailed') }, invalidates: [bookingsQueryKey] },
    mutationFn: (basisPoints: number | null) =>
      apiClient.PUT('/api/events/{id}/sales-tax', {
        params: { path: { id: eventId } },
        body: { basisPoints },
      }),
  });
}
