import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { USER_QUERY_KEY } from './get-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiClient.POST('/api/login', { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Success', description: 'Logged in successfully' });
    },
    meta: { errorToast: { fallback: 'Invalid credentials' } },
  });
}
