import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY } from './get-user';

/**
 * POST /api/session/forget: this browser starts over as a new guest. Every cached answer belonged
 * to the old session (orders, chat, the signed-in user), so the cache is emptied.
 */
export function useForgetDevice() {
  // On the event page: the layout's catalog.
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.POST('/api/session/forget'),
    meta: {
      errorToast: {
        title: t('forgetDevice.error'),
        fallback: t('forgetDevice.failed'),
        describe: () => t('forgetDevice.failed'),
      },
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
  });
}
