import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { USER_QUERY_KEY } from './get-user';

/**
 * POST /api/session/forget: this browser starts over as a new guest. Every cached answer belonged
 * to the old session (orders, chat, the signed-in user), so the cache is emptied.
 */
export function useForgetDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.POST('/api/session/forget'),
    meta: {
      errorToast: {
        fallback: 'Could not forget this device. Please try again.',
        describe: () => 'Could not forget this device. Please try again.',
      },
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, null);
    },
  });
}
