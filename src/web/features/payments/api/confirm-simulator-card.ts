import { api } from '@web/lib/api-client';
import type { SimulatorConfirmDto } from '@contract/payments';

export interface SimulatorCardInput {
  clientSecret: string;
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/** The simulator's stand-in for Stripe.js: answers the intent's status, or 402 with the card's message. */
export function confirmSimulatorCard(input: SimulatorCardInput) {
  return api<SimulatorConfirmDto>('/api/payments/simulator/confirm', {
    method: 'POST',
    body: input,
  });
}
