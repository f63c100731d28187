import { useMutation } from '@tanstack/react-query';
import type { PasswordReset, PasswordResetRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY } from './get-user';

/** POST /api/password-reset/request: answered alike whether or not an account matches. */
export function useRequestPasswordReset() {
  const t = useT('app');
  return useMutation({
    mutationFn: (input: PasswordResetRequest) =>
      apiClient.POST('/api/password-reset/request', { body: input }),
    meta: { errorToast: { title: t('auth.error'), fallback: t('auth.sendResetFailed') } },
  });
}

/** POST /api/password-reset: every session of the account ends, this browser's too if it was one. */
export function useResetPassword() {
  const t = useT('app');
  return useMutation({
    mutationFn: (input: PasswordReset) => apiClient.POST('/api/password-reset', { body: input }),
    meta: {
      errorToast: { title: t('auth.error'), fallback: t('auth.resetFailed') },
      invalidates: [USER_QUERY_KEY],
    },
  });
}
