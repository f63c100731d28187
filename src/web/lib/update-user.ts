import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient, type ApiPaths } from './api-client';
import { USER_QUERY_KEY } from './user-query-key';

type UserPatch = ApiPaths['/api/users/{id}']['patch']['requestBody']['content']['application/json'];

/**
 * PATCH /api/users/{id}: a save of the signed-in user's own profile (a truck's, or an organizer's
 * address and mail topics). The answer replaces the cached user; `alsoRefresh` names the lists that
 * show the profile too. `fallback` is the toast if it fails.
 */
export function useUpdateUser(userId: number, fallback: string, alsoRefresh: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: { fallback } },
    mutationFn: (profile: UserPatch) =>
      apiClient.PATCH('/api/users/{id}', { params: { path: { id: userId } }, body: profile }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
