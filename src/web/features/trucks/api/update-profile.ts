import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@contract/auth';
import { apiClient } from '@web/lib/api-client';
import { useUpdateUser } from '@web/lib/update-user';
import { USER_QUERY_KEY } from '@web/lib/user-query-key';

/** PATCH /api/users/{id}: the answer replaces the cached signed-in user, and the truck directory is asked again. */
export function useUpdateProfile(userId: number) {
  return useUpdateUser(userId, 'Failed to update profile', [['/api/trucks']]);
}

/** PUT /api/users/{id}/sales-tax (decision 189): the answer replaces the cached signed-in user. */
export function useUpdateSalesTax(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to save the sales tax' } },
    mutationFn: (tax: UserDto['salesTax']) =>
      apiClient.PUT('/api/users/{id}/sales-tax', { params: { path: { id: userId } }, body: tax }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
