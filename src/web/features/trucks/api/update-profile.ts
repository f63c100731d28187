import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@core/schemas/profile';
import type { UserDto } from '@contract/auth';
import { apiClient } from '@web/lib/api-client';

const USER_QUERY_KEY = ['/api/user'] as const;

/** PATCH /api/users/{id}: the answer replaces the cached signed-in user. */
export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: 'Failed to update profile' } },
    mutationFn: (profile: Profile) =>
      apiClient.PATCH('/api/users/{id}', { params: { path: { id: userId } }, body: profile }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: ['/api/users/food-trucks'] });
    },
  });
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
