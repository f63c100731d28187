import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';

/** POST /api/account/password: the other devices are signed out, this one stays. */
export function useChangePassword() {
  const t = useT('app');
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => apiClient.POST('/api/account/password', { body: input }),
    meta: { errorToast: { title: t('auth.error'), fallback: t('account.changePasswordFailed') } },
  });
}
