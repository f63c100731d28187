import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  IntentStateError,
  type PaymentGateway,
} from '../../src/server/adapters/payments/payment-gateway';
import { isSimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import { StripeGateway } from '../../src/server/adapters/payments/stripe-gateway';
import type { Database } from '../../src/server/db/client';
import { FakeStripe } from '../support/fake-stripe';
import { createTestApp, openTestDatabase } from '../support/test-app';

/**
 * One set of cases, run against both implementations of the payment gateway: the built-in simulator
 * (in the database) and the real StripeGateway speaking Stripe's HTTP API to the fake Stripe. Whatever
 * the app may rely on must hold for both, so that what passes on the simulator also holds on Stripe.
 */

type Card = 'ok' | 'declined' | 'fails_when_charged';

interface Subject {
  gateway: PaymentGateway;
  /** The diner's browser confirming an intent (payment or setup) with a test card. */
  confirm(intent: { id: string; clientSecret: string | null }, card: Card): Promise<void>;
  close(): Promise<void>;
}

const SIMULATOR_CARDS: Record<Card, string> = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  fails_when_charged: '4000000000000341',
};
const STRIPE_PAYMENT_METHODS: Record<Card, string> = {
  ok: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  fails_when_charged: 'pm_card_chargeCustomerFail',
};

async function simulatorSubject(): Promise<Subject> {
  const database: Database = await openTestDatabase();
  const app = await createTestApp(database);
  const gateway = app.ctx.payments;
  if (!isSimulatorGateway(gateway)) throw new Error('expected the simulator without Stripe keys');
  return {
    gateway,
    async confirm(intent, card) {
      // A decline is the browser's to show; the contract is what the server then retrieves.
      await gateway.confirmWithCard(intent.clientSecret!, SIMULATOR_CARDS[card]).catch((error: unknown) => {
        if (!(error instanceof CardDeclinedError)) throw error;
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function stripeSubject(): Promise<Subject> {
  const fake = await FakeStripe.start();
  const gateway = new StripeGateway({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    retryBaseDelayMs: 10,
  });
  return {
    gateway,
    async confirm(intent, card) {
      const method = STRIPE_PAYMENT_METHODS[card];
      try {
        if (intent.id.startsWith('seti_')) fake.confirmSetupIntent(intent.id, method);
        else fake.confirmPaymentIntent(intent.id, method);
      } catch (error) {
        if (card === 'ok') throw error;
      }
    },
    close: () => fake.close(),
  };
}

let seq = 0;
const key = (label: string) => `${label}:${seq++}`;

describe.each([
  ['the simulator', simulatorSubject],
  ['StripeGateway against the fake Stripe', stripeSubject],
])('payment gateway contract: %s', (_name, start) => {
  let subject: Subject;
  let gateway: PaymentGateway;
  beforeAll(async () => {
    subject = await start();
    gateway = subject.gateway;
  });
  afterAll(async () => {
    await subject?.close();
  });

  async function heldIntent(amount: number) {
    const created = await gateway.createPaymentIntent({
      amount,
      currency: 'usd',
      captureMethod: 'manual',
      metadata: { orderId: String(amount) },
      idempotencyKey: key('create'),
    });
    await subject.confirm(created, 'ok');
    return gateway.retrievePaymentIntent(created.id);
  }

  async function savedCard(card: Card) {
    const customer = await gateway.createCustomer({
      email: 'diner@example.com',
      idempotencyKey: key('customer'),
    });
    const setup = await gateway.createSetupIntent({
      customer: customer.id,
      usage: 'off_session',
      idempotencyKey: key('setup'),
    });
    expect(setup).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
    });
    await subject.confirm(setup, card);
    const saved = await gateway.retrieveSetupIntent(setup.id);
    expect(saved.status).toBe('succeeded');
    return { customer: customer.id, paymentMethod: saved.paymentMethod! };
  }

  it('creates an intent that waits for a card, with the caller’s amount and metadata', async () => {
    const created = await gateway.createPaymentIntent({
      amount: 1575,
      currency: 'usd',
      captureMethod: 'manual',
      metadata: { orderId: '41' },
      idempotencyKey: key('create'),
    });
    expect(created).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      amount: 1575,
      amountCapturable: 0,
      amountReceived: 0,
      currency: 'usd',
      captureMethod: 'manual',
      metadata: { orderId: '41' },
      lastPaymentError: null,
    });
    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({ id: created.id, amount: 1575 });
  });

  it('holds on confirm and takes the hold on capture', async () => {
    const held = await heldIntent(2000);
    expect(held).toMatchObject({ status: 'requires_capture', amountCapturable: 2000, amountReceived: 0 });
    expect(held.paymentMethod).toMatch(/^pm_/);
    const captured = await gateway.capturePaymentIntent(held.id, key('capture'));
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturable: 0, amountReceived: 2000 });
  });

  it('charges at once with automatic capture', async () => {
    const created = await gateway.createPaymentIntent({
      amount: 900,
      currency: 'usd',
      captureMethod: 'automatic',
      idempotencyKey: key('create'),
    });
    await subject.confirm(created, 'ok');
    expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 900,
    });
  });

  it('releases a hold on cancel, and a released hold cannot be captured', async () => {
    const held = await heldIntent(1200);
    const cancelled = await gateway.cancelPaymentIntent(held.id, key('cancel'));
    expect(cancelled).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0 });
    await expect(gateway.capturePaymentIntent(held.id, key('capture'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
  });

  it('refunds a charge, in part, and a replayed refund is the same refund', async () => {
    const held = await heldIntent(3000);
    await gateway.capturePaymentIntent(held.id, key('capture'));
    const refundKey = key('refund');
    const refund = await gateway.refundPaymentIntent({
      paymentIntentId: held.id,
      amount: 1000,
      idempotencyKey: refundKey,
    });
    expect(refund).toMatchObject({
      object: 'refund',
      paymentIntent: held.id,
      amount: 1000,
      status: 'succeeded',
    });
    const replay = await gateway.refundPaymentIntent({
      paymentIntentId: held.id,
      amount: 1000,
      idempotencyKey: refundKey,
    });
    expect(replay.id).toBe(refund.id);
  });

  it('replays a call with the same key and refuses the key for another call', async () => {
    const createKey = key('create');
    const input = {
      amount: 700,
      currency: 'usd',
      captureMethod: 'manual' as const,
      idempotencyKey: createKey,
    };
    const first = await gateway.createPaymentIntent(input);
    const again = await gateway.createPaymentIntent(input);
    expect(again.id).toBe(first.id);
    await expect(gateway.createPaymentIntent({ ...input, amount: 701 })).rejects.toBeInstanceOf(
      IdempotencyKeyReuseError,
    );

    await subject.confirm(first, 'ok');
    const captureKey = key('capture');
    const captured = await gateway.capturePaymentIntent(first.id, captureKey);
    const replayed = await gateway.capturePaymentIntent(first.id, captureKey);
    expect(replayed).toMatchObject({ id: captured.id, status: 'succeeded', amountReceived: 700 });
  });

  it('leaves a declined intent waiting for another card, with the card’s message', async () => {
    const created = await gateway.createPaymentIntent({
      amount: 1100,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    await subject.confirm(created, 'declined');
    expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      amountCapturable: 0,
      lastPaymentError: 'Your card was declined.',
    });
    await subject.confirm(created, 'ok');
    expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({ status: 'requires_capture' });
  });

  it('charges a saved card off-session', async () => {
    const { customer, paymentMethod } = await savedCard('ok');
    const charged = await gateway.createPaymentIntent({
      amount: 2500,
      currency: 'usd',
      captureMethod: 'automatic',
      customer,
      paymentMethod,
      offSession: true,
      confirm: true,
      idempotencyKey: key('charge'),
    });
    expect(charged).toMatchObject({ status: 'succeeded', amountReceived: 2500, customer });
  });

  it('declines an off-session charge with CardDeclinedError naming the failed intent', async () => {
    const { customer, paymentMethod } = await savedCard('fails_when_charged');
    const failure = await gateway
      .createPaymentIntent({
        amount: 2500,
        currency: 'usd',
        captureMethod: 'automatic',
        customer,
        paymentMethod,
        offSession: true,
        confirm: true,
        idempotencyKey: key('charge'),
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CardDeclinedError);
    expect(failure).toMatchObject({ message: 'Your card was declined.', code: 'card_declined' });
    const failed = await gateway.retrievePaymentIntent((failure as CardDeclinedError).paymentIntentId!);
    expect(failed).toMatchObject({ status: 'requires_payment_method', amount: 2500, amountReceived: 0 });
  });
});
