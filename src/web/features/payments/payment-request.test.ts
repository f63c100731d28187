import { describe, expect, it } from 'vitest';
import { describePaymentSuccess } from './payment-request';

describe('describePaymentSuccess', () => {
  it('says authorized for a hold, saved for a saved card, charged once the goal is met', () => {
    expect(
      describePaymentSuccess(
        { orderStatus: 'confirmed', intentStatus: 'requires_capture' },
        { mode: 'hold', chargeNow: false },
      ).title,
    ).toBe('Card Successfully Authorized');
    expect(
      describePaymentSuccess(
        { orderStatus: 'confirmed', intentStatus: 'succeeded' },
        { mode: 'save', chargeNow: false },
      ).title,
    ).toBe('Card Successfully Saved');
    expect(
      describePaymentSuccess(
        { orderStatus: 'charged', intentStatus: 'succeeded' },
        { mode: 'hold', chargeNow: true },
      ),
    ).toEqual({
      title: 'Payment Successful!',
      description: 'The event has reached its goal! Your card has been charged.',
    });
    // The sync call failed: the intent's own status decides.
    expect(
      describePaymentSuccess({ intentStatus: 'succeeded' }, { mode: 'hold', chargeNow: true }).title,
    ).toBe('Payment Successful!');
  });

  it('never says authorized when the charge that followed failed', () => {
    const toast = describePaymentSuccess(
      { orderStatus: 'failed', intentStatus: 'requires_capture' },
      { mode: 'hold', chargeNow: false },
    );
    expect(toast.title).toBe('Payment failed');
    expect(toast.variant).toBe('destructive');
    expect(toast.description).not.toMatch(/authorized/i);
  });

  it('does not promise a later charge once the goal is reached', () => {
    const toast = describePaymentSuccess(
      { orderStatus: 'confirmed', intentStatus: 'requires_capture', goalReached: true },
      { mode: 'hold', chargeNow: false },
    );
    expect(toast).toEqual({
      title: 'Card Successfully Authorized',
      description: 'This event has reached its goal, so your card is being charged now.',
    });
  });
});
