import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '@web/lib/api-client';
import { toast } from '@web/components/ui/use-toast';
import { useT } from '@web/lib/i18n';
import { USER_QUERY_KEY } from './get-user';

/** Logout, successful or not, clears the user and every cached answer. */
export function useLogout() {
  // The navbar's: the layout's catalog.
  const t = useT();
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
      toast({ title: t('logout.success'), description: t('logout.done') });
    },
    // Signed out here even when the server could not be told.
    onError: clearLocally,
    meta: {
      errorToast: {
        title: t('logout.error'),
        fallback: t('logout.failed'),
        describe: () => t('logout.failed'),
      },
    },
  });
}
