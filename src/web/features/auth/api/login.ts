import type { LoginInput } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useSignIn } from './sign-in';

export function useLogin() {
  return useSignIn(
    (input: LoginInput) => apiClient.POST('/api/login', { body: input }),
    'Logged in successfully',
    'Invalid credentials',
  );
}
