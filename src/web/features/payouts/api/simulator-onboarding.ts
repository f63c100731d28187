import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { SimulatorOnboardingDoneDto, SimulatorOnboardingValidDto } from '@contract/payouts';

export interface OnboardingLink {
  account: string;
  token: string;
}

/** Whether the simulator's onboarding link is still good (GET /api/payouts/simulator/onboarding). */
export function simulatorOnboardingLinkQuery(link: OnboardingLink) {
  const query = new URLSearchParams({ account: link.account, token: link.token });
  return queryOptions({
    queryKey: ['/api/payouts/simulator/onboarding', link.account, link.token],
    queryFn: ({ signal }) =>
      api<SimulatorOnboardingValidDto>(`/api/payouts/simulator/onboarding?${query.toString()}`, { signal }),
    retry: false,
  });
}

export function useSimulatorOnboardingLink(link: OnboardingLink) {
  return useQuery(simulatorOnboardingLinkQuery(link));
}

/** Submits the simulated onboarding and follows the provider's redirect back to the app. */
export function useCompleteSimulatorOnboarding() {
  return useMutation({
    mutationFn: (link: OnboardingLink) =>
      api<SimulatorOnboardingDoneDto>('/api/payouts/simulator/onboarding', { method: 'POST', body: link }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
}
