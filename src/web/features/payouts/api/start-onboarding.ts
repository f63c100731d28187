import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { OnboardingLinkDto } from '@contract/payouts';

/**
 * Asks for an onboarding link (POST /api/payouts/account/onboarding) and leaves for it: Stripe's
 * hosted onboarding, or the simulator's local page.
 */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => api<OnboardingLinkDto>('/api/payouts/account/onboarding', { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
