import { describe, expect, it } from 'vitest';
import '@web/test/english';
import { describePaymentSuccess } from './payment-request';

/** How the order was paid for: a held card, a saved one, or a card charged at once. */
const HOLD = { mode: 'hold', chargeNow: false } as const;
const SAVE = { mode: 'save', chargeNow: false } as const;
const CHARGE_NOW = { mode: 'hold', chargeNow: true } as const;

describe('describePaymentSuccess', () => {
  it.each([
    ['Card Successfully Authorized', { orderStatus: 'confirmed', intentStatus: 'requires_capture' }, HOLD],
    ['Card Successfully Saved', { orderStatus: 'confirmed', intentStatus: 'succeeded' }, SAVE],
    // The sync call failed: the intent's own status decides.
    ['Payment Successful!', { intentStatus: 'succeeded' }, CHARGE_NOW],
  ] as const)('says "%s" for %j', (title, outcome, request) => {
    expect(describePaymentSuccess(outcome, request).title).toBe(title);
  });

  it('says charged once the goal is met', () => {
    expect(describePaymentSuccess({ orderStatus: 'charged', intentStatus: 'succeeded' }, CHARGE_NOW)).toEqual(
      {
        title: 'Payment Successful!',
        description: 'The event has reached its goal! Your card has been charged.',
      },
    );
  });

  it('never says authorized when the charge that followed failed', () => {
    const toast = describePaymentSuccess({ orderStatus: 'failed', intentStatus: 'requires_capture' }, HOLD);
    expect(toast.title).toBe('Payment failed');
    expect(toast.variant).toBe('destructive');
    expect(toast.description).not.toMatch(/authorized/i);
  });

  it('does not promise a later charge once the goal is reached', () => {
    const toast = describePaymentSuccess(
      { orderStatus: 'confirmed', intentStatus: 'requires_capture', goalReached: true },
      HOLD,
    );
    expect(toast).toEqual({
      title: 'Card Successfully Authorized',
      description: 'This event has reached its goal, so your card is being charged now.',
    });
  });
});
