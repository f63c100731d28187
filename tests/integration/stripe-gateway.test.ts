import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CardDeclinedError,
  IdempotencyKeyReuseError,
  IntentStateError,
  PaymentProviderError,
  WebhookVerificationError,
} from '../../src/server/adapters/payments/payment-gateway';
import { StripeGateway } from '../../src/server/adapters/payments/stripe-gateway';
import { FakeStripe } from '../support/fake-stripe';

let fake: FakeStripe;
let gateway: StripeGateway;
/** Stripe.js in the diner's browser, as far as the server can tell: confirms with a test card. */
let browser: Stripe;

beforeAll(async () => {
  fake = await FakeStripe.start();
  gateway = new StripeGateway({
    secretKey: fake.secretKey,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.url,
    retryBaseDelayMs: 10,
  });
  const api = new URL(fake.url);
  browser = new Stripe(fake.secretKey, {
    host: api.hostname,
    port: api.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await fake.close();
});

let keySeq = 0;
const key = (label: string) => `${label}:${Date.now()}:${keySeq++}`;

describe('Stripe gateway against the Stripe wire protocol', () => {
  it('creates a manual-capture intent, is confirmed by the browser, and captures it', async () => {
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
      currency: 'usd',
      captureMethod: 'manual',
      metadata: { orderId: '41' },
    });
    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret).toMatch(new RegExp(`^${created.id}_secret_`));
    // Form-encoded with bracket notation, as Stripe reads it.
    const request = fake.requestsTo('POST', '/v1/payment_intents').at(-1)!;
    expect(request.params).toMatchObject({
      amount: '1575',
      capture_method: 'manual',
      metadata: { orderId: '41' },
    });

    await browser.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    const held = await gateway.retrievePaymentIntent(created.id);
    expect(held).toMatchObject({ status: 'requires_capture', amountCapturable: 1575, amountReceived: 0 });
    expect(held.paymentMethod).toMatch(/^pm_/);

    const captured = await gateway.capturePaymentIntent(created.id, key('capture'));
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 1575, amountCapturable: 0 });
    expect(fake.capturesOf(created.id)).toBe(1);
  });

  it('replays a capture with the same idempotency key: same answer, captured once', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 2000,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
    const captureKey = key('capture');
    const first = await gateway.capturePaymentIntent(pi.id, captureKey);
    const second = await gateway.capturePaymentIntent(pi.id, captureKey);
    expect(second).toEqual(first);
    expect(fake.capturesOf(pi.id)).toBe(1);
    const captureRequests = fake.requestsTo('POST', `/v1/payment_intents/${pi.id}/capture`);
    expect(captureRequests.map((r) => [r.idempotencyKey, r.replayed])).toEqual([
      [captureKey, false],
      [captureKey, true],
    ]);
    // A capture under another key is refused: the intent is already charged.
    await expect(gateway.capturePaymentIntent(pi.id, key('capture'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
    expect(fake.capturesOf(pi.id)).toBe(1);
  });

  it('replays a create with the same key as the same intent, and refuses the key with other parameters', async () => {
    const createKey = key('create');
    const a = await gateway.createPaymentIntent({
      amount: 990,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: createKey,
    });
    const b = await gateway.createPaymentIntent({
      amount: 990,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: createKey,
    });
    expect(b.id).toBe(a.id);
    await expect(
      gateway.createPaymentIntent({
        amount: 991,
        currency: 'usd',
        captureMethod: 'manual',
        idempotencyKey: createKey,
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
  });

  it('retries 429s with backoff, sending the same idempotency key each time', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 1200,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
    const captureKey = key('capture');
    fake.failNext(3);
    const captured = await gateway.capturePaymentIntent(pi.id, captureKey);
    expect(captured.status).toBe('succeeded');
    const attempts = fake.requestsTo('POST', `/v1/payment_intents/${pi.id}/capture`);
    expect(attempts.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(new Set([captureKey]));
    expect(fake.capturesOf(pi.id)).toBe(1);
    // Backoff: each wait at least half of 10 ms × 2^n.
    expect(attempts[3]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(5 + 10 + 20);
  });

  it('retries a dropped connection and a 500 with the same key', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 1300,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
    // The SDK itself retries a closed connection once; the second one reaches the gateway's retry.
    fake.failNext(2, 'network');
    fake.failNext(1, 'server_error');
    const captureKey = key('capture');
    const captured = await gateway.capturePaymentIntent(pi.id, captureKey);
    expect(captured.status).toBe('succeeded');
    const attempts = fake.requestsTo('POST', `/v1/payment_intents/${pi.id}/capture`);
    expect(attempts.map((r) => r.injected ?? r.status)).toEqual(['network', 'network', 'server_error', 200]);
    expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(new Set([captureKey]));
    expect(fake.capturesOf(pi.id)).toBe(1);
  });

  it('gives up after the configured number of retries with the provider error, request id and all', async () => {
    const impatient = new StripeGateway({
      secretKey: fake.secretKey,
      apiUrl: fake.url,
      maxRetries: 2,
      retryBaseDelayMs: 1,
    });
    fake.failNext(3);
    await expect(impatient.retrievePaymentIntent('pi_whatever')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      code: 'rate_limit',
      providerStatus: 429,
      requestId: expect.stringMatching(/^req_/),
    });
  });

  it('does not retry a refused API key, and passes it on as a provider error (its text for the log only)', async () => {
    const wrongKey = new StripeGateway({
      secretKey: 'sk_test_not_the_key',
      apiUrl: fake.url,
      retryBaseDelayMs: 1,
    });
    const before = fake.requests.length;
    const refusal = await wrongKey.retrievePaymentIntent('pi_any').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PaymentProviderError);
    expect(refusal).toMatchObject({ type: 'invalid_request_error', providerStatus: 401 });
    expect(fake.requests.slice(before).map((r) => r.status)).toEqual([401]);
  });

  it('throttles requests to the configured rate', async () => {
    const slow = new StripeGateway({ secretKey: fake.secretKey, apiUrl: fake.url, requestsPerSecond: 10 });
    const pi = await gateway.createPaymentIntent({
      amount: 700,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    const started = Date.now();
    await Promise.all(Array.from({ length: 6 }, () => slow.retrievePaymentIntent(pi.id)));
    const reads = fake.requestsTo('GET', `/v1/payment_intents/${pi.id}`).slice(-6);
    // Six requests at 10/s: starts spaced 100 ms apart, so the last one starts ≥ 500 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    // Never a burst: the k-th request to arrive started no sooner than k × 100 ms after the first was
    // asked for, and arrives later still. A slow machine only delays arrivals, so this cannot fail for
    // slowness (the gaps between arrivals could: two delayed requests may land together).
    const arrivals = reads.map((read) => read.at).sort((a, b) => a - b);
    arrivals.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual(k * 100 - 10));
  });

  it('maps a declined card to CardDeclinedError with the card message', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 1000,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    await expect(
      browser.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      message: 'Your card was declined.',
    });
    const failed = await gateway.retrievePaymentIntent(pi.id);
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: 'Your card was declined.',
    });
  });

  it('saves a card with a SetupIntent and charges it off-session, mapping a failure', async () => {
    const customer = await gateway.createCustomer({
      email: 'diner@example.com',
      name: 'Dee',
      idempotencyKey: key('customer'),
    });
    expect(customer).toEqual({ id: expect.stringMatching(/^cus_/), email: 'diner@example.com', name: 'Dee' });

    const setup = await gateway.createSetupIntent({
      customer: customer.id,
      metadata: { orderId: '7' },
      idempotencyKey: key('setup'),
    });
    expect(setup).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
    });
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.id}_secret_`));
    await browser.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    const saved = await gateway.retrieveSetupIntent(setup.id);
    expect(saved.status).toBe('succeeded');
    expect(saved.paymentMethod).toMatch(/^pm_/);

    const charged = await gateway.createPaymentIntent({
      amount: 2500,
      currency: 'usd',
      captureMethod: 'automatic',
      customer: customer.id,
      paymentMethod: saved.paymentMethod!,
      offSession: true,
      confirm: true,
      idempotencyKey: key('charge'),
    });
    expect(charged).toMatchObject({ status: 'succeeded', amountReceived: 2500, customer: customer.id });

    // 4000 0000 0000 0341: saved fine, fails when charged.
    const risky = await gateway.createSetupIntent({ customer: customer.id, idempotencyKey: key('setup') });
    fake.confirmSetupIntent(risky.id, 'pm_card_chargeCustomerFail');
    const riskyPm = (await gateway.retrieveSetupIntent(risky.id)).paymentMethod!;
    const chargeKey = key('charge');
    const failure = await gateway
      .createPaymentIntent({
        amount: 2500,
        currency: 'usd',
        captureMethod: 'automatic',
        customer: customer.id,
        paymentMethod: riskyPm,
        offSession: true,
        confirm: true,
        idempotencyKey: chargeKey,
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CardDeclinedError);
    expect(failure).toMatchObject({
      message: 'Your card was declined.',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const failedIntent = await gateway.retrievePaymentIntent((failure as CardDeclinedError).paymentIntentId!);
    expect(failedIntent).toMatchObject({
      status: 'requires_payment_method',
      amount: 2500,
      lastPaymentError: 'Your card was declined.',
    });
  });

  it('reports insufficient funds with its own message', async () => {
    const customer = await gateway.createCustomer({ idempotencyKey: key('customer') });
    const setup = await gateway.createSetupIntent({ customer: customer.id, idempotencyKey: key('setup') });
    fake.confirmSetupIntent(setup.id, 'pm_card_chargeDeclinedInsufficientFunds');
    const pm = (await gateway.retrieveSetupIntent(setup.id)).paymentMethod!;
    await expect(
      gateway.createPaymentIntent({
        amount: 800,
        currency: 'usd',
        captureMethod: 'automatic',
        customer: customer.id,
        paymentMethod: pm,
        offSession: true,
        confirm: true,
        idempotencyKey: key('charge'),
      }),
    ).rejects.toMatchObject({
      name: 'CardDeclinedError',
      message: 'Your card has insufficient funds.',
      declineCode: 'insufficient_funds',
    });
  });

  it('fails the capture of a card that authorizes but cannot be charged', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 1500,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(pi.id, 'pm_card_chargeCustomerFail');
    expect((await gateway.retrievePaymentIntent(pi.id)).status).toBe('requires_capture');
    const captureKey = key('capture');
    await expect(gateway.capturePaymentIntent(pi.id, captureKey)).rejects.toMatchObject({
      name: 'CardDeclinedError',
      message: 'Your card was declined.',
      paymentIntentId: pi.id,
    });
    // Replaying the key replays the failure; it never turns into a charge.
    await expect(gateway.capturePaymentIntent(pi.id, captureKey)).rejects.toBeInstanceOf(CardDeclinedError);
    expect(fake.capturesOf(pi.id)).toBe(0);
  });

  it('cancels a hold, and refuses to cancel a charged intent', async () => {
    const pi = await gateway.createPaymentIntent({
      amount: 1500,
      currency: 'usd',
      captureMethod: 'manual',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
    const canceled = await gateway.cancelPaymentIntent(pi.id, key('cancel'));
    expect(canceled).toMatchObject({ status: 'canceled', amountCapturable: 0 });

    const charged = await gateway.createPaymentIntent({
      amount: 1500,
      currency: 'usd',
      captureMethod: 'automatic',
      idempotencyKey: key('create'),
    });
    fake.confirmPaymentIntent(charged.id, 'pm_card_visa');
    await expect(gateway.cancelPaymentIntent(charged.id, key('cancel'))).rejects.toBeInstanceOf(
      IntentStateError,
    );
  });

  it('verifies a webhook signature and normalizes the event; refuses a forged or stale one', () => {
    const pi = {
      id: 'pi_123',
      object: 'payment_intent',
      amount: 1575,
      amount_capturable: 1575,
      amount_received: 0,
      status: 'requires_capture',
      capture_method: 'manual',
      currency: 'usd',
      metadata: { orderId: '9' },
      payment_method: 'pm_1',
      customer: null,
      client_secret: 'pi_123_secret_x',
      last_payment_error: null,
      cancellation_reason: null,
    };
    const payload = fake.eventPayload('payment_intent.amount_capturable_updated', pi, 'evt_1');
    const event = gateway.verifyWebhook(Buffer.from(payload), fake.sign(payload));
    expect(event).toEqual({
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      data: {
        object: expect.objectContaining({
          object: 'payment_intent',
          id: 'pi_123',
          status: 'requires_capture',
          amountCapturable: 1575,
          metadata: { orderId: '9' },
        }),
      },
    });

    expect(() => gateway.verifyWebhook(payload, fake.sign(payload, 'whsec_someone_else'))).toThrow(
      WebhookVerificationError,
    );
    expect(() => gateway.verifyWebhook(payload.replace('1575', '1'), fake.sign(payload))).toThrow(
      'Invalid webhook signature',
    );
    expect(() => gateway.verifyWebhook(payload, undefined)).toThrow('Missing Stripe-Signature header');
    const stale = fake.seconds() - 3600;
    expect(() => gateway.verifyWebhook(payload, fake.sign(payload, fake.webhookSecret, stale))).toThrow(
      WebhookVerificationError,
    );

    const charge = { id: 'ch_1', object: 'charge', amount: 1575, payment_intent: 'pi_123', status: 'failed' };
    const expired = fake.eventPayload('charge.expired', charge);
    expect(gateway.verifyWebhook(expired, fake.sign(expired)).data.object).toEqual({
      object: 'charge',
      id: 'ch_1',
      amount: 1575,
      paymentIntent: 'pi_123',
      status: 'failed',
    });
  });

  it("measures a signature's age by the app's clock, not the machine's", () => {
    // An app whose clock is a year behind the machine's, and a provider on the same clock.
    const appNow = new Date(fake.now().getTime() - 365 * 24 * 60 * 60 * 1000);
    const onAppClock = new StripeGateway({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
      now: () => appNow,
    });
    const payload = fake.eventPayload('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
    const signedAt = Math.floor(appNow.getTime() / 1000);
    expect(
      onAppClock.verifyWebhook(payload, fake.sign(payload, fake.webhookSecret, signedAt - 60)).id,
    ).toMatch(/^evt_/);
    // Stripe's tolerance is five minutes: ten minutes old by the app's clock is stale, whatever the machine says.
    expect(() =>
      onAppClock.verifyWebhook(payload, fake.sign(payload, fake.webhookSecret, signedAt - 600)),
    ).toThrow(WebhookVerificationError);
  });

  it('refuses to verify webhooks without a configured secret', () => {
    const unsigned = new StripeGateway({ secretKey: fake.secretKey, apiUrl: fake.url });
    const payload = fake.eventPayload('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
    expect(() => unsigned.verifyWebhook(payload, fake.sign(payload))).toThrow(
      'Webhook signing secret is not configured',
    );
  });
});
