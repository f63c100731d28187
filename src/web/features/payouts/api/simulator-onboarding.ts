import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OnboardingLink {
  account: string;
  token: string;
}

/** Whether the simulator's onboarding link is still good (GET /api/payouts/simulator/onboarding). */
export function useSimulatorOnboardingLink(link: OnboardingLink) {
  const query = new URLSearchParams({ account: link.account, token: link.token });
  return useQuery({
    queryKey: ['/api/payouts/simulator/onboarding', link.account, link.token],
    queryFn: () => api<{ valid: boolean }>(`/api/payouts/simulator/onboarding?${query.toString()}`),
    retry: false,
  });
}

/** Submits the simulated onboarding and follows the provider's redirect back to the app. */
export function useCompleteSimulatorOnboarding() {
  return useMutation({
    mutationFn: (link: OnboardingLink) =>
      api<{ redirectTo: string }>('/api/payouts/simulator/onboarding', { method: 'POST', body: link }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
