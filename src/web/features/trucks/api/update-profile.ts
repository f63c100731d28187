import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto } from '@contract/auth';
import { apiClient } from '@web/lib/api-client';
import { useUpdateUser } from '@web/lib/update-user';
import { USER_QUERY_KEY } from '@web/lib/user-query-key';
import { useT } from '@web/lib/i18n';

/** PATCH /api/users/{id}: the answer replaces the cached signed-in user, and the truck directory is asked again. */
export function useUpdateProfile(userId: number) {
  const t = useT('app');
  return useUpdateUser(userId, t('trucks.profileFailed'), [['/api/trucks']]);
}

/** PUT /api/users/{id}/sales-tax (decision 189): the answer replaces the cached signed-in user. */
export function useUpdateSalesTax(userId: number) {
  const t = useT('app');
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback: t('trucks.tax.failed') } },
    mutationFn: (tax: UserDto['salesTax']) =>
      apiClient.PUT('/api/users/{id}/sales-tax', { params: { path: { id: userId } }, body: tax }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
