import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY } from './get-user';

/** POST /api/account/verify-email: the token of the mailed link. */
export function useVerifyEmail() {
  return useMutation({
    meta: { invalidates: [USER_QUERY_KEY] },
    mutationFn: (token: string) => apiClient.POST('/api/account/verify-email', { body: { token } }),
  });
}

/** POST /api/account/verification-email: a new link to the signed-in user's address. */
export function useResendVerification() {
  const t = useT('app');
  return useMutation({
    mutationFn: () => apiClient.POST('/api/account/verification-email'),
    meta: { errorToast: { title: t('auth.error'), fallback: t('account.sendLinkFailed') } },
  });
}
