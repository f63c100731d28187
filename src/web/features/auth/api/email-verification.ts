import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageDto } from '@contract/common';
import { api } from '@web/lib/api-client';
import { USER_QUERY_KEY } from './get-user';

/** POST /api/account/verify-email: the token of the mailed link. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<MessageDto>('/api/account/verify-email', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

/** POST /api/account/verification-email: a new link to the signed-in user's address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api<MessageDto>('/api/account/verification-email', { method: 'POST' }),
    meta: { errorToast: { fallback: 'Could not send the link. Please try again.' } },
  });
}
