import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY } from './get-user';

/** POST /api/account/email: the new address is unconfirmed until its mailed link is opened. */
export function useChangeEmail() {
  const t = useT('app');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailRequest) => apiClient.POST('/api/account/email', { body: input }),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    meta: { errorToast: { title: t('auth.error'), fallback: t('account.changeEmailFailed') } },
  });
}
