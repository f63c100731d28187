import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@core/schemas/auth';
import { api } from '@web/lib/api-client';
import { USER_QUERY_KEY, type User } from './get-user';

/** POST /api/account/email: the new address is unconfirmed until its mailed link is opened. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) =>
      api<User>('/api/account/email', { method: 'POST', body: input }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    meta: { errorToast: { fallback: 'Could not change your e-mail address' } },
  });
}
