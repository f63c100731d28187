import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY, type User } from './get-user';

/**
 * Signing in, or signing up (which signs in too): the server answers with the signed-in user, who
 * replaces the cached one at once, so every page knows before it asks again. A refusal is told in
 * the error toast with the server's words, else `failure`.
 */
export function useSignIn<TInput>(send: (input: TInput) => Promise<User>, success: string, failure: string) {
  const t = useT('app');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('auth.success'), description: success });
    },
    meta: { errorToast: { title: t('auth.error'), fallback: failure } },
  });
}
