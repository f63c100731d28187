import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

/** The organizer's guarantee of an event (GET /api/events/{id}/guarantee): its organizer's and truck's. */
export const guaranteeQuery = (eventId: number) =>
  queryOptions({
    queryKey: [`/api/events/${eventId}/guarantee`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/guarantee', { params: { path: { id: eventId } }, signal }),
  });

export function useEventGuarantee(eventId: number) {
  return useQuery(guaranteeQuery(eventId));
}

/** POST /api/events/{id}/guarantee: the SetupIntent the card form confirms. */
export function useOfferGuarantee(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('guarantee.startFailed') } },
    mutationFn: () => apiClient.POST('/api/events/{id}/guarantee', { params: { path: { id: eventId } } }),
  });
}

/** Right after the card form confirmed: records the saved card without waiting for the provider's event. */
export function syncGuarantee(eventId: number) {
  return apiClient.POST('/api/events/{id}/guarantee/sync', { params: { path: { id: eventId } } });
}
