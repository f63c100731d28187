import { describe, expect, it } from 'vitest';
import { planChargeCall, type ChargeOrder } from './charge-call';

const order = (extra: Partial<ChargeOrder>): ChargeOrder => ({
  id: 42,
  eventId: 9,
  mode: 'hold',
  totalCents: 3_150,
  currency: 'usd',
  paymentIntentId: null,
  paymentMethodId: null,
  customerId: null,
  ...extra,
});

describe('which call the capture fan-out makes (planChargeCall)', () => {
  it.each<[string, Partial<ChargeOrder>, 'charge' | 'capture' | 'none']>([
    ['a held card', { mode: 'hold', paymentIntentId: 'pi_1' }, 'capture'],
    [
      'a saved card, not charged yet',
      { mode: 'save', paymentMethodId: 'pm_1', customerId: 'cus_1' },
      'charge',
    ],
    [
      'a saved card whose charge was created (a replay)',
      { mode: 'save', paymentMethodId: 'pm_1', paymentIntentId: 'pi_2' },
      'capture',
    ],
    ['a saved order with no card recorded', { mode: 'save' }, 'none'],
    ['a saved order with only an intent', { mode: 'save', paymentIntentId: 'pi_3' }, 'capture'],
    ['a held order with no intent', { mode: 'hold' }, 'none'],
    ['a held order with a card but no intent', { mode: 'hold', paymentMethodId: 'pm_1' }, 'none'],
    ['an order of no mode with an intent', { mode: null, paymentIntentId: 'pi_4' }, 'capture'],
    ['an order of no mode with a card only', { mode: null, paymentMethodId: 'pm_1' }, 'none'],
  ])('%s: %s', (_, extra, kind) => {
    expect(planChargeCall(order(extra)).kind).toBe(kind);
  });

  it('charges a saved card off-session for the whole total in its currency, under charge:<id>', () => {
    expect(
      planChargeCall(order({ mode: 'save', paymentMethodId: 'pm_1', customerId: 'cus_1', currency: 'jpy' })),
    ).toEqual({
      kind: 'charge',
      request: {
        amount: 3_150,
        currency: 'jpy',
        captureMethod: 'automatic',
        customer: 'cus_1',
        paymentMethod: 'pm_1',
        offSession: true,
        confirm: true,
        description: 'Pre-order #42',
        metadata: { orderId: '42', eventId: '9' },
        idempotencyKey: 'charge:42',
      },
    });
    const noCustomer = planChargeCall(order({ mode: 'save', paymentMethodId: 'pm_1' }));
    expect(noCustomer.kind === 'charge' && noCustomer.request.customer).toBeUndefined();
  });

  it('captures a held card under capture:<id>', () => {
    expect(planChargeCall(order({ paymentIntentId: 'pi_1' }))).toEqual({
      kind: 'capture',
      paymentIntentId: 'pi_1',
      idempotencyKey: 'capture:42',
    });
  });
});
