import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { payoutAccountQueryKey, type PayoutAccount } from './get-payout-account';
import { payoutsQueryKey } from './get-payouts';

/** Back from onboarding: reads the account from the provider now (POST /api/payouts/account/refresh). */
export function useRefreshPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PayoutAccount>('/api/payouts/account/refresh', { method: 'POST' }),
    onSuccess: (account) => {
      queryClient.setQueryData(payoutAccountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: payoutsQueryKey });
    },
  });
}
