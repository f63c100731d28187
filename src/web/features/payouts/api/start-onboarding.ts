import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@web/lib/api-client';

/**
 * Asks for an onboarding link (POST /api/payouts/account/onboarding) and leaves for it: Stripe's
 * hosted onboarding, or the simulator's local page.
 */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => apiClient.POST('/api/payouts/account/onboarding'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
