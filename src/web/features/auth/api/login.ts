import type { LoginInput } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { useSignIn } from './sign-in';

export function useLogin() {
  const t = useT('app');
  return useSignIn(
    (input: LoginInput) => apiClient.POST('/api/login', { body: input }),
    t('auth.loggedIn'),
    t('auth.invalidCredentials'),
  );
}
