import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  IntentStateError,
  type PaymentEvent,
  PAYMENT_EVENT_TYPES,
} from '../../src/server/adapters/payments/payment-gateway';
import {
  isSimulatorGateway,
  type SimulatorGateway,
} from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let simulator: SimulatorGateway;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
/** Every event the simulator reported, in order, as the goal engine would receive them. */
let received: PaymentEvent[] = [];

const ALL_TYPES = PAYMENT_EVENT_TYPES;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  if (!isSimulatorGateway(app.ctx.payments)) throw new Error('expected the simulator without Stripe keys');
  simulator = app.ctx.payments;
  for (const type of ALL_TYPES) app.ctx.paymentEvents.subscribe(type, (event) => void received.push(event));
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await simulator.flushEvents();
  received = [];
});

let seq = 0;
const key = (label: string) => `${label}:${seq++}`;
const card = (cardNumber: string, extra: Record<string, string> = {}) => ({
  cardNumber,
  expiry: '12/30',
  cvc: '123',
  ...extra,
});

async function confirm(clientSecret: string, cardNumber: string, extra: Record<string, string> = {}) {
  return new Agent(app).post('/api/payments/simulator/confirm', { clientSecret, ...card(cardNumber, extra) });
}

function hold(amount = 1575, metadata: Record<string, string> = {}) {
  return simulator.createPaymentIntent({
    amount,
    currency: 'usd',
    captureMethod: 'manual',
    metadata,
    idempotencyKey: key('create'),
  });
}

const types = () => received.map((e) => `${e.type} ${e.data.object.id}`);

describe('payment configuration for the browser', () => {
  it('names the simulator and gives no key', async () => {
    const res = await new Agent(app).get('/api/payments/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'simulator' });
  });
});

describe('simulator PaymentIntents', () => {
  it('creates intents shaped like Stripe test mode', async () => {
    const pi = await hold(1575, { orderId: '12' });
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 1575,
      currency: 'usd',
      captureMethod: 'manual',
      metadata: { orderId: '12' },
      paymentMethod: null,
      lastPaymentError: null,
    });
    expect(pi.id).toMatch(/^pi_sim_[A-Za-z0-9]+$/);
    expect(pi.clientSecret).toMatch(new RegExp(`^${pi.id}_secret_[A-Za-z0-9]+$`));
    expect(await simulator.retrievePaymentIntent(pi.id)).toEqual(pi);
  });

  it('authorizes 4242 4242 4242 4242 on a manual intent and tells the subscribers before answering', async () => {
    const pi = await hold(2000);
    const res = await confirm(pi.clientSecret!, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: pi.id, status: 'requires_capture' });
    expect(types()).toEqual([`payment_intent.amount_capturable_updated ${pi.id}`]);
    expect(received[0]!.data.object).toMatchObject({ status: 'requires_capture', amountCapturable: 2000 });
    const held = await simulator.retrievePaymentIntent(pi.id);
    expect(held).toMatchObject({ status: 'requires_capture', amountCapturable: 2000, amountReceived: 0 });
    expect(held.paymentMethod).toMatch(/^pm_sim_/);
  });

  it('answers a second confirm with the current state and reports nothing new', async () => {
    const pi = await hold();
    await confirm(pi.clientSecret!, '4242424242424242');
    const again = await confirm(pi.clientSecret!, '4000000000000002');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: pi.id, status: 'requires_capture' });
    expect(received).toHaveLength(1);
  });

  it('charges at once on an automatic intent', async () => {
    const pi = await simulator.createPaymentIntent({
      amount: 1000,
      currency: 'usd',
      captureMethod: 'automatic',
      idempotencyKey: key('create'),
    });
    const res = await confirm(pi.clientSecret!, '4242424242424242');
    expect(res.json()).toEqual({ id: pi.id, status: 'succeeded' });
    expect(types()).toEqual([`payment_intent.succeeded ${pi.id}`]);
    expect(await simulator.retrievePaymentIntent(pi.id)).toMatchObject({
      amountReceived: 1000,
      amountCapturable: 0,
    });
  });

  it('declines 4000 0000 0000 0002 with 402 and the card message, and lets the diner try another card', async () => {
    const pi = await hold();
    const declined = await confirm(pi.clientSecret!, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'payment_declined', message: 'Your card was declined.' });
    expect(types()).toEqual([`payment_intent.payment_failed ${pi.id}`]);
    expect(await simulator.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: 'Your card was declined.',
    });
    const retry = await confirm(pi.clientSecret!, '4242424242424242');
    expect(retry.json()).toEqual({ id: pi.id, status: 'requires_capture' });
    expect(await simulator.retrievePaymentIntent(pi.id)).toMatchObject({ lastPaymentError: null });
  });

  it('declines 4000 0000 0000 9995 for insufficient funds', async () => {
    const pi = await hold();
    const res = await confirm(pi.clientSecret!, '4000000000009995');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card has insufficient funds.');
  });

  it('declines a real (non-test) card number, as Stripe test mode does', async () => {
    const pi = await hold();
    const res = await confirm(pi.clientSecret!, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(
      /^Your card was declined\. Your request was in test mode, but used a non test card/,
    );
  });

  it('captures a hold once per idempotency key, and refuses a second capture under another key', async () => {
    const pi = await hold(3100);
    await confirm(pi.clientSecret!, '4242424242424242');
    const captureKey = key('capture');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => simulator.capturePaymentIntent(pi.id, captureKey)),
    );
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]).toMatchObject({ status: 'succeeded', amountReceived: 3100, amountCapturable: 0 });
    await simulator.flushEvents();
    expect(types().filter((t) => t.startsWith('payment_intent.succeeded'))).toEqual([
      `payment_intent.succeeded ${pi.id}`,
    ]);
    await expect(simulator.capturePaymentIntent(pi.id, key('capture'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
  });

  it('authorizes 4000 0000 0000 0341 but fails its capture, the same way on replay', async () => {
    const pi = await hold(1800);
    expect((await confirm(pi.clientSecret!, '4000000000000341')).json()).toEqual({
      id: pi.id,
      status: 'requires_capture',
    });
    const captureKey = key('capture');
    const failure = await simulator.capturePaymentIntent(pi.id, captureKey).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CardDeclinedError);
    expect(failure).toMatchObject({
      message: 'Your card was declined.',
      code: 'card_declined',
      paymentIntentId: pi.id,
    });
    await expect(simulator.capturePaymentIntent(pi.id, captureKey)).rejects.toMatchObject({
      message: 'Your card was declined.',
    });
    await simulator.flushEvents();
    expect(types()).toContain(`payment_intent.payment_failed ${pi.id}`);
    expect(await simulator.retrievePaymentIntent(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      amountReceived: 0,
      lastPaymentError: 'Your card was declined.',
    });
  });

  it('declines 0341 at once on an automatic intent (a charge, not a hold)', async () => {
    const pi = await simulator.createPaymentIntent({
      amount: 900,
      currency: 'usd',
      captureMethod: 'automatic',
      idempotencyKey: key('create'),
    });
    const res = await confirm(pi.clientSecret!, '4000000000000341');
    expect(res.statusCode).toBe(402);
  });

  it('cancels a hold, then refuses to confirm it; a charged intent cannot be cancelled', async () => {
    const pi = await hold();
    await confirm(pi.clientSecret!, '4242424242424242');
    const canceled = await simulator.cancelPaymentIntent(pi.id, key('cancel'));
    expect(canceled).toMatchObject({ status: 'canceled', amountCapturable: 0, cancellationReason: null });
    await simulator.flushEvents();
    expect(types()).toContain(`payment_intent.canceled ${pi.id}`);
    const late = await confirm(pi.clientSecret!, '4242424242424242');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment was cancelled and can no longer be confirmed.');

    const charged = await simulator.createPaymentIntent({
      amount: 700,
      currency: 'usd',
      captureMethod: 'automatic',
      idempotencyKey: key('create'),
    });
    await confirm(charged.clientSecret!, '4242424242424242');
    await expect(simulator.cancelPaymentIntent(charged.id, key('cancel'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
  });

  it('replays a create with the same key, and refuses the key with other parameters', async () => {
    const createKey = key('create');
    const a = await simulator.createPaymentIntent({
      amount: 990,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: createKey,
    });
    const b = await simulator.createPaymentIntent({
      amount: 990,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: createKey,
    });
    expect(b).toEqual(a);
    await expect(
      simulator.createPaymentIntent({
        amount: 991,
        currency: 'usd',
        captureMethod: 'manual',
        idempotencyKey: createKey,
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
  });

  it('refuses amounts Stripe refuses', async () => {
    await expect(
      simulator.createPaymentIntent({
        amount: 49,
        currency: 'usd',
        captureMethod: 'manual',
        idempotencyKey: key('c'),
      }),
    ).rejects.toMatchObject({
      code: 'amount_too_small',
    });
    await expect(
      simulator.createPaymentIntent({
        amount: 10.5,
        currency: 'usd',
        captureMethod: 'manual',
        idempotencyKey: key('c'),
      }),
    ).rejects.toThrow();
  });
});

describe('the hold window', () => {
  it('lets a test expire a hold: charge.expired then payment_intent.canceled, reason automatic', async () => {
    const pi = await hold(2500);
    await confirm(pi.clientSecret!, '4242424242424242');
    received = [];
    const expired = await simulator.expireHold(pi.id);
    expect(expired).toMatchObject({
      status: 'canceled',
      cancellationReason: 'automatic',
      amountCapturable: 0,
    });
    expect(types()).toEqual([
      `charge.expired ${received[0]!.data.object.id}`,
      `payment_intent.canceled ${pi.id}`,
    ]);
    expect(received[0]!.data.object).toMatchObject({ object: 'charge', paymentIntent: pi.id, amount: 2500 });
    await expect(simulator.capturePaymentIntent(pi.id, key('capture'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
    await expect(simulator.expireHold(pi.id)).rejects.toBeInstanceOf(IntentStateError);
  });

  it('lets holds lapse 7 days after authorization when the reconciler runs', async () => {
    const old = await hold();
    await confirm(old.clientSecret!, '4242424242424242');
    clock.advance(3 * 24 * 60 * 60 * 1000);
    const recent = await hold();
    await confirm(recent.clientSecret!, '4242424242424242');
    clock.advance(4 * 24 * 60 * 60 * 1000 + 60_000);
    await app.ctx.reconciler.runOnce();
    expect(await simulator.retrievePaymentIntent(old.id)).toMatchObject({
      status: 'canceled',
      cancellationReason: 'automatic',
    });
    expect(await simulator.retrievePaymentIntent(recent.id)).toMatchObject({ status: 'requires_capture' });
    expect(types()).toContain(`payment_intent.canceled ${old.id}`);
  });
});

describe('simulator SetupIntents and off-session charges', () => {
  async function saveCard(cardNumber: string) {
    const customer = await simulator.createCustomer({
      email: 'dee@example.com',
      name: 'Dee',
      idempotencyKey: key('cus'),
    });
    const setup = await simulator.createSetupIntent({
      customer: customer.id,
      metadata: { orderId: '5' },
      idempotencyKey: key('seti'),
    });
    const res = await confirm(setup.clientSecret!, cardNumber);
    return { customer, setup, res };
  }

  it('saves 4242 for later and charges it off-session', async () => {
    const { customer, setup, res } = await saveCard('4242424242424242');
    expect(customer.id).toMatch(/^cus_sim_/);
    expect(setup).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
      metadata: { orderId: '5' },
    });
    expect(setup.id).toMatch(/^seti_sim_/);
    expect(res.json()).toEqual({ id: setup.id, status: 'succeeded' });
    expect(types()).toEqual([`setup_intent.succeeded ${setup.id}`]);
    const saved = await simulator.retrieveSetupIntent(setup.id);
    expect(saved.paymentMethod).toMatch(/^pm_sim_/);

    const charged = await simulator.createPaymentIntent({
      amount: 2400,
      currency: 'usd',
      captureMethod: 'automatic',
      customer: customer.id,
      paymentMethod: saved.paymentMethod!,
      offSession: true,
      confirm: true,
      idempotencyKey: key('charge'),
    });
    expect(charged).toMatchObject({ status: 'succeeded', amountReceived: 2400, customer: customer.id });
    await simulator.flushEvents();
    expect(types()).toContain(`payment_intent.succeeded ${charged.id}`);
  });

  it('saves 0341 and 9995, which then fail off-session with their messages', async () => {
    for (const [cardNumber, message] of [
      ['4000000000000341', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ] as const) {
      const { customer, setup, res } = await saveCard(cardNumber);
      expect(res.json().status).toBe('succeeded');
      const pm = (await simulator.retrieveSetupIntent(setup.id)).paymentMethod!;
      const chargeKey = key('charge');
      const input = {
        amount: 2400,
        currency: 'usd',
        captureMethod: 'automatic' as const,
        customer: customer.id,
        paymentMethod: pm,
        offSession: true,
        confirm: true,
        idempotencyKey: chargeKey,
      };
      const failure = await simulator.createPaymentIntent(input).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(CardDeclinedError);
      expect((failure as CardDeclinedError).message).toBe(message);
      const failed = await simulator.retrievePaymentIntent((failure as CardDeclinedError).paymentIntentId!);
      expect(failed).toMatchObject({
        status: 'requires_payment_method',
        amount: 2400,
        lastPaymentError: message,
      });
      // The same key replays the decline; it creates no second intent.
      const again = await simulator.createPaymentIntent(input).catch((e: unknown) => e);
      expect((again as CardDeclinedError).paymentIntentId).toBe(failed.id);
    }
  });

  it('refuses to save 0002, and a saved card for another customer', async () => {
    const declined = await saveCard('4000000000000002');
    expect(declined.res.statusCode).toBe(402);
    expect(declined.res.json().message).toBe('Your card was declined.');
    expect(types()).toContain(`setup_intent.setup_failed ${declined.setup.id}`);

    const { setup } = await saveCard('4242424242424242');
    const pm = (await simulator.retrieveSetupIntent(setup.id)).paymentMethod!;
    const stranger = await simulator.createCustomer({ idempotencyKey: key('cus') });
    await expect(
      simulator.createPaymentIntent({
        amount: 500,
        currency: 'usd',
        captureMethod: 'automatic',
        customer: stranger.id,
        paymentMethod: pm,
        offSession: true,
        confirm: true,
        idempotencyKey: key('charge'),
      }),
    ).rejects.toMatchObject({ code: 'payment_method_unexpected_state' });
  });
});

describe('the confirm endpoint refuses bad input with field messages', () => {
  it('names every missing field', async () => {
    const res = await new Agent(app).post('/api/payments/simulator/confirm', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      clientSecret: 'Client secret is required',
      cardNumber: 'Card number is required',
      expiry: 'Expiration date is required',
      cvc: 'CVC is required',
    });
  });

  it('checks the card number (Luhn), the expiry and the CVC', async () => {
    const pi = await hold();
    const luhn = await confirm(pi.clientSecret!, '4242 4242 4242 4241');
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors).toEqual({ cardNumber: 'Your card number is invalid.' });
    const format = await confirm(pi.clientSecret!, '4242424242424242', { expiry: '13/30', cvc: '12' });
    expect(format.statusCode).toBe(400);
    expect(format.json().errors).toEqual({
      expiry: 'Expiration must be MM/YY',
      cvc: "Your card's security code is invalid.",
    });
    // The clock says November 2026: 10/26 has run out, 11/26 is still good.
    const past = await confirm(pi.clientSecret!, '4242424242424242', { expiry: '10/26' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      code: 'invalid_request',
      message: "Your card's expiration date is in the past.",
      errors: { expiry: "Your card's expiration date is in the past." },
    });
    const thisMonth = await confirm(pi.clientSecret!, '4242424242424242', { expiry: '11/26', cvc: '1234' });
    expect(thisMonth.statusCode).toBe(200);
  });

  it('answers 400 for a malformed client secret and 404 for a wrong one, never touching the intent', async () => {
    const pi = await hold();
    const malformed = await confirm('pi_123', '4242424242424242');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ clientSecret: 'Invalid client secret' });
    const wrong = await confirm(`${pi.id}_secret_guessed`, '4242424242424242');
    expect(wrong.statusCode).toBe(404);
    const unknown = await confirm('pi_sim_nothere_secret_abc', '4242424242424242');
    expect(unknown.statusCode).toBe(404);
    expect((await simulator.retrievePaymentIntent(pi.id)).status).toBe('requires_payment_method');
  });
});
