import { z } from 'zod';

/**
 * The simulator's card form and its test cards. Pure (no server imports), so the web client's card form
 * can validate with the very same schema and messages.
 */

export type CardBehaviour =
  'ok' | 'declined' | 'insufficient_funds' | 'fails_after_attach' | 'refund_fails' | 'not_a_test_card';

/** Cards that pay as a good card does (one of them only fails later, when it is refunded). */
export function paysLikeGoodCard(behaviour: CardBehaviour): boolean {
  return behaviour === 'ok' || behaviour === 'refund_fails';
}

/** Stripe's test cards (https://docs.stripe.com/testing#cards), as the simulator plays them. */
export const TEST_CARDS: Record<string, { behaviour: CardBehaviour; brand: string }> = {
  '4242424242424242': { behaviour: 'ok', brand: 'visa' },
  '5555555555554444': { behaviour: 'ok', brand: 'mastercard' },
  '4000000000000002': { behaviour: 'declined', brand: 'visa' },
  '4000000000009995': { behaviour: 'insufficient_funds', brand: 'visa' },
  /** Authorizes and saves, but fails when it is charged (capture or off-session). */
  '4000000000000341': { behaviour: 'fails_after_attach', brand: 'visa' },
  /** Pays, but a refund of it fails after it was accepted (`charge.refund.updated`, status failed). */
  '4000000000005126': { behaviour: 'refund_fails', brand: 'visa' },
};

export interface CardDecline {
  code: string;
  declineCode: string;
  message: string;
}

export const CARD_DECLINES: Record<Exclude<CardBehaviour, 'ok' | 'refund_fails'>, CardDecline> = {
  declined: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  fails_after_attach: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  not_a_test_card: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
};

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBehaviour(cardNumber: string): {
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
} {
  const digits = normalizeCardNumber(cardNumber);
  const known = TEST_CARDS[digits];
  return {
    behaviour: known?.behaviour ?? 'not_a_test_card',
    brand: known?.brand ?? 'unknown',
    last4: digits.slice(-4),
  };
}

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** Whether an `MM/YY` expiry is before the month of `now` (a card is valid through its month). */
export function isExpiryPast(expiry: string, now: Date): boolean {
  const match = EXPIRY.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export const EXPIRY_PAST_MESSAGE = "Your card's expiration date is in the past.";

export const simulatorConfirmSchema = z.object({
  clientSecret: z
    .string({ error: 'Client secret is required' })
    .regex(/^(pi|seti)_sim_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/, 'Invalid client secret'),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .min(1, 'Card number is required')
    .refine((v) => /^\d{12,19}$/.test(normalizeCardNumber(v)) && passesLuhn(normalizeCardNumber(v)), {
      message: 'Your card number is invalid.',
    }),
  expiry: z
    .string({ error: 'Expiration date is required' })
    .min(1, 'Expiration date is required')
    .regex(EXPIRY, 'Expiration must be MM/YY'),
  cvc: z
    .string({ error: 'CVC is required' })
    .min(1, 'CVC is required')
    .regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});
