import { apiClient } from '@web/lib/api-client';

export interface SimulatorCardInput {
  clientSecret: string;
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/** The simulator's stand-in for Stripe.js: answers the intent's status, or 402 with the card's message. */
export function confirmSimulatorCard(input: SimulatorCardInput) {
  return apiClient.POST('/api/payments/simulator/confirm', { body: input });
}
