import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '@web/lib/api-client';
import { toast } from '@web/components/ui/use-toast';
import { USER_QUERY_KEY } from './get-user';

/** Logout, successful or not, clears the user and every cached answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clearLocally = () => {
    queryClient.clear();
    queryClient.setQueryData(USER_QUERY_KEY, null);
    void navigate('/');
  };
  return useMutation({
    mutationFn: () => apiClient.POST('/api/logout'),
    onSuccess: () => {
      clearLocally();
      toast({ title: 'Success', description: 'Logged out successfully' });
    },
    // Signed out here even when the server could not be told.
    onError: clearLocally,
    meta: { errorToast: { fallback: 'Failed to logout', describe: () => 'Failed to logout' } },
  });
}
