import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnavailableRangeInput } from '@contract/trucks';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

const OWN_AVAILABILITY_KEY = ['/api/trucks/me/availability'] as const;

/** The signed-in truck's calendar: its unavailable periods (with notes) and its days off. */
export function useOwnAvailability() {
  return useQuery({
    queryKey: OWN_AVAILABILITY_KEY,
    queryFn: ({ signal }) => apiClient.GET('/api/trucks/me/availability', { signal }),
  });
}

/** A change to the calendar shows in the truck's own view and in the directory. */
const REFRESHES = [OWN_AVAILABILITY_KEY, ['/api/trucks']];

export function useAddUnavailableRange() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('trucks.availability.saveFailed') }, invalidates: REFRESHES },
    mutationFn: (range: UnavailableRangeInput) =>
      apiClient.POST('/api/trucks/me/availability/ranges', { body: range }),
  });
}

export function useRemoveUnavailableRange() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('trucks.availability.removeFailed') }, invalidates: REFRESHES },
    mutationFn: (id: number) =>
      apiClient.DELETE('/api/trucks/me/availability/ranges/{id}', { params: { path: { id } } }),
  });
}

export function useSetUnavailableWeekdays() {
  const t = useT('app');
  return useMutation({
    meta: { errorToast: { fallback: t('trucks.availability.weekFailed') }, invalidates: REFRESHES },
    mutationFn: (unavailableWeekdays: number[]) =>
      apiClient.PUT('/api/trucks/me/availability/week', { body: { unavailableWeekdays } }),
  });
}
