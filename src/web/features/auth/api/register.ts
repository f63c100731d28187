import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest } from '@core/schemas/auth';
import { apiClient } from '@web/lib/api-client';
import { toast } from '@web/components/ui/toast';
import { USER_QUERY_KEY } from './get-user';

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterRequest) => apiClient.POST('/api/register', { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Success', description: 'Registration successful' });
    },
    meta: { errorToast: { fallback: 'Registration failed' } },
  });
}
