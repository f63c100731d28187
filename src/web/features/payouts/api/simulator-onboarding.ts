import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

export interface OnboardingLink {
  account: string;
  token: string;
}

/** Whether the simulator's onboarding link is still good (GET /api/payouts/simulator/onboarding). */
export function simulatorOnboardingLinkQuery(link: OnboardingLink) {
  return queryOptions({
    queryKey: ['/api/payouts/simulator/onboarding', link.account, link.token],
    queryFn: ({ signal }) =>
      apiClient.GET('/api/payouts/simulator/onboarding', {
        params: { query: { account: link.account, token: link.token } },
        signal,
      }),
    retry: false,
  });
}

export function useSimulatorOnboardingLink(link: OnboardingLink) {
  return useQuery(simulatorOnboardingLinkQuery(link));
}

/** Submits the simulated onboarding and follows the provider's redirect back to the app. */
export function useCompleteSimulatorOnboarding() {
  return useMutation({
    mutationFn: (link: OnboardingLink) => apiClient.POST('/api/payouts/simulator/onboarding', { body: link }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
