import type { RegisterRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { useSignIn } from './sign-in';

export function useRegister() {
  return useSignIn(
    (input: RegisterRequest) => apiClient.POST('/api/register', { body: input }),
    'Registration successful',
    'Registration failed',
  );
}
