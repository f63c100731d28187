import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizerProfileInput } from '@core/schemas/profile';
import { apiClient } from '@web/lib/api-client';

/** PATCH /api/users/{id} with an organizer's contact address and mail topics. */
export function useUpdateOrganizerProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to save your profile' } },
    mutationFn: (profile: OrganizerProfileInput) =>
      apiClient.PATCH('/api/users/{id}', { params: { path: { id: userId } }, body: profile }),
    onSuccess: (user) => queryClient.setQueryData(['/api/user'], user),
  });
}
