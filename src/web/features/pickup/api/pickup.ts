import { useMutation, useQuery } from '@tanstack/react-query';
import type { PickupSlotsInput } from '@contract/pickup';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

export const pickupSlotsQueryKey = (eventId: number) => [`/api/events/${eventId}/pickup-slots`];

/** GET /api/events/{id}/pickup-slots: each slot with its places left and the orders holding it. */
export function usePickupSlots(eventId: number) {
  return useQuery({
    queryKey: pickupSlotsQueryKey(eventId),
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/pickup-slots', { params: { path: { id: eventId } }, signal }),
  });
}

/** PUT /api/events/{id}/pickup-slots (decision 226): the length, the capacity, the closed slots. */
export function useSetPickupSlots(eventId: number) {
  const t = useT('app');
  return useMutation({
    meta: {
      errorToast: { fallback: t('pickupSlots.saveFailed') },
      invalidates: [pickupSlotsQueryKey(eventId), [`/api/events/${eventId}/pickup-prep`]],
    },
    mutationFn: (body: PickupSlotsInput) =>
      apiClient.PUT('/api/events/{id}/pickup-slots', { params: { path: { id: eventId } }, body }),
  });
}

/** GET /api/events/{id}/pickup-prep: each slot's orders and dishes, for the truck (decision 226). */
export function useSlotPrep(eventId: number) {
  return useQuery({
    queryKey: [`/api/events/${eventId}/pickup-prep`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/pickup-prep', { params: { path: { id: eventId } }, signal }),
  });
}

/** How often the board at the window reads the codes again: a code marked ready shows within this. */
export const BOARD_REFRESH_MS = 4000;

/** GET /api/events/{id}/board: the codes being prepared and ready, read again every few seconds. */
export function usePickupBoard(eventId: number) {
  return useQuery({
    queryKey: [`/api/events/${eventId}/board`],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/events/{id}/board', { params: { path: { id: eventId } }, signal }),
    refetchInterval: BOARD_REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}
