import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnavailableRangeInput } from '@contract/trucks';
import { apiClient } from '@web/lib/api-client';

const OWN_AVAILABILITY_KEY = ['/api/trucks/me/availability'] as const;

/** The signed-in truck's calendar: its unavailable periods (with notes) and its days off. */
export function useOwnAvailability() {
  return useQuery({
    queryKey: OWN_AVAILABILITY_KEY,
    queryFn: ({ signal }) => apiClient.GET('/api/trucks/me/availability', { signal }),
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OWN_AVAILABILITY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/trucks'] }),
    ]);
}

export function useAddUnavailableRange() {
  const refresh = useRefreshAfter();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not save these dates' } },
    mutationFn: (range: UnavailableRangeInput) =>
      apiClient.POST('/api/trucks/me/availability/ranges', { body: range }),
    onSuccess: refresh,
  });
}

export function useRemoveUnavailableRange() {
  const refresh = useRefreshAfter();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not remove these dates' } },
    mutationFn: (id: number) =>
      apiClient.DELETE('/api/trucks/me/availability/ranges/{id}', { params: { path: { id } } }),
    onSuccess: refresh,
  });
}

export function useSetUnavailableWeekdays() {
  const refresh = useRefreshAfter();
  return useMutation({
    meta: { errorToast: { fallback: 'Could not save your week' } },
    mutationFn: (unavailableWeekdays: number[]) =>
      apiClient.PUT('/api/trucks/me/availability/week', { body: { unavailableWeekdays } }),
    onSuccess: refresh,
  });
}
