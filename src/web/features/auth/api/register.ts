import type { RegisterRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { useSignIn } from './sign-in';

export function useRegister() {
  const t = useT('app');
  return useSignIn(
    (input: RegisterRequest) => apiClient.POST('/api/register', { body: input }),
    t('auth.registered'),
    t('auth.registrationFailed'),
  );
}
