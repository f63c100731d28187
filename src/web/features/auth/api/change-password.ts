import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';

/** POST /api/account/password: the other devices are signed out, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => apiClient.POST('/api/account/password', { body: input }),
    meta: { errorToast: { fallback: 'Could not change your password' } },
  });
}
