import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@core/schemas/auth';
import { api } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { USER_QUERY_KEY, type User } from './get-user';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api<User>('/api/login', { method: 'POST', body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Success', description: 'Logged in successfully' });
    },
    meta: { errorToast: { fallback: 'Invalid credentials' } },
  });
}
