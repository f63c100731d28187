import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';
import { payoutAccountQueryKey } from './get-payout-account';
import { payoutsQueryKey } from './get-payouts';

/** Back from onboarding: reads the account from the provider now (POST /api/payouts/account/refresh). */
export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.POST('/api/payouts/account/refresh'),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutAccountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: payoutsQueryKey });
    },
  });
}
