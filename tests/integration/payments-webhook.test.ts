import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../src/server/adapters/payments/payment-gateway';
import type { Database } from '../../src/server/db/client';
import { processedWebhookEvents } from '../../src/server/db/schema';
import { FakeStripe } from '../support/fake-stripe';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let fake: FakeStripe;
let received: PaymentEvent[] = [];
/** When set, the goal engine's handler fails (a bug, a database hiccup). */
let failHandler = false;

beforeAll(async () => {
  fake = await FakeStripe.start();
  database = await openTestDatabase();
  app = await createTestApp(database, {
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  });
  for (const type of [
    'payment_intent.amount_capturable_updated',
    'payment_intent.succeeded',
    'payment_intent.canceled',
    'charge.expired',
  ] as const) {
    app.ctx.paymentEvents.subscribe(type, (event) => {
      if (failHandler) throw new Error('handler failed');
      received.push(event);
    });
  }
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});
beforeEach(() => {
  received = [];
  failHandler = false;
});

let seq = 0;
const key = (label: string) => `${label}:${seq++}`;

async function heldIntent(amount = 1575) {
  const pi = await app.ctx.payments.createPaymentIntent({
    amount,
    currency: 'usd',
    captureMethod: 'manual',
    metadata: { orderId: String(seq) },
    idempotencyKey: key('create'),
  });
  fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
  return pi;
}

describe('Stripe mode', () => {
  it('gives the browser the publishable key, and nothing secret', async () => {
    const res = await new Agent(app).get('/api/payments/config');
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: fake.publishableKey });
    expect(res.body).not.toContain(fake.secretKey);
    expect(res.body).not.toContain(fake.webhookSecret);
  });

  it('has no simulator confirm endpoint', async () => {
    const res = await new Agent(app).post('/api/payments/simulator/confirm', {
      clientSecret: 'pi_sim_x_secret_y',
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(res.statusCode).toBe(404);
  });

  it('sends its calls to Stripe with the secret key', async () => {
    const pi = await heldIntent();
    expect(pi.id).toMatch(/^pi_/);
    expect(fake.requestsTo('POST', '/v1/payment_intents').at(-1)!.status).toBe(200);
  });
});

describe('POST /api/payments/webhook', () => {
  it('verifies a signed event, hands its normalized object to the subscribers and records it', async () => {
    const pi = await heldIntent(2200);
    const [delivery] = await fake.deliverEvents(
      { app },
      { types: ['payment_intent.amount_capturable_updated'], about: pi.id },
    );
    expect(delivery!.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      id: delivery!.event.id,
      type: 'payment_intent.amount_capturable_updated',
      data: {
        object: {
          object: 'payment_intent',
          id: pi.id,
          status: 'requires_capture',
          amountCapturable: 2200,
          metadata: pi.metadata,
        },
      },
    });
    const [row] = await database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, delivery!.event.id));
    expect(row).toMatchObject({ type: 'payment_intent.amount_capturable_updated' });
  });

  it('skips an event it already processed, answering 200', async () => {
    await heldIntent();
    const event = fake.events.filter((e) => e.type === 'payment_intent.amount_capturable_updated').at(-1)!;
    const payload = fake.eventPayload(event.type, event.object, event.id);
    const first = await fake.sendWebhook({ app }, payload);
    const second = await fake.sendWebhook({ app }, payload);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(JSON.parse(first.body)).toEqual({ received: true, duplicate: false });
    expect(JSON.parse(second.body)).toEqual({ received: true, duplicate: true });
    expect(received).toHaveLength(1);
  });

  it('refuses a forged, missing, re-signed-with-another-secret or tampered signature with 400', async () => {
    const pi = await heldIntent();
    const payload = fake.eventPayload('payment_intent.succeeded', {
      ...fake.paymentIntent(pi.id)!,
      status: 'succeeded',
    });
    const forged = await fake.sendWebhook({ app }, payload, { signature: 't=1700000000,v1=deadbeef' });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({
      code: 'invalid_request',
      message: 'Invalid webhook signature',
    });
    const missing = await fake.sendWebhook({ app }, payload, { signature: null });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).message).toBe('Missing Stripe-Signature header');
    const otherSecret = await fake.sendWebhook({ app }, payload, { secret: 'whsec_attacker' });
    expect(otherSecret.status).toBe(400);
    // Signed, then changed in transit: the signature covers the raw bytes.
    const signature = fake.sign(payload);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('"status":"succeeded"', '"status": "succeeded"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers 500 when a handler fails, without recording, so Stripe redelivers and it then goes through', async () => {
    const pi = await heldIntent();
    await app.ctx.payments.capturePaymentIntent(pi.id, key('capture'));
    failHandler = true;
    const [failed] = await fake.deliverEvents({ app }, { types: ['payment_intent.succeeded'], about: pi.id });
    expect(failed!.status).toBe(500);
    expect(failed!.event.delivered).toBe(false);
    failHandler = false;
    const [retried] = await fake.deliverEvents(
      { app },
      { types: ['payment_intent.succeeded'], about: pi.id },
    );
    expect(retried!.status).toBe(200);
    expect(received.map((e) => `${e.type} ${e.data.object.id}`)).toEqual([
      `payment_intent.succeeded ${pi.id}`,
    ]);
  });

  it('reports a lapsed hold as charge.expired and payment_intent.canceled', async () => {
    const pi = await heldIntent(3000);
    fake.expireAuthorization(pi.id);
    const results = await fake.deliverEvents(
      { app },
      { types: ['charge.expired', 'payment_intent.canceled'], about: pi.id },
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(received.map((e) => e.type)).toEqual(['charge.expired', 'payment_intent.canceled']);
    expect(received[0]!.data.object).toMatchObject({ object: 'charge', paymentIntent: pi.id, amount: 3000 });
    expect(received[1]!.data.object).toMatchObject({
      id: pi.id,
      status: 'canceled',
      cancellationReason: 'automatic',
    });
  });

  it('acknowledges and records event types nobody handles', async () => {
    const payload = fake.eventPayload(
      'customer.created',
      { id: 'cus_1', object: 'customer' },
      'evt_unhandled_1',
    );
    const res = await fake.sendWebhook({ app }, payload);
    expect(res.status).toBe(200);
    const rows = await database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, 'evt_unhandled_1'));
    expect(rows).toHaveLength(1);
  });

  it('accepts Stripe without an Origin check and answers a body-less post with 400', async () => {
    const pi = await heldIntent();
    const payload = fake.eventPayload('payment_intent.amount_capturable_updated', fake.paymentIntent(pi.id)!);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': fake.sign(payload),
        origin: 'https://stripe.com',
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'stripe-signature': fake.sign('') },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the raw-body parser to itself: other routes still refuse text/plain and parse JSON', async () => {
    const text = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:80' },
      payload: 'username=a&password=b',
    });
    expect(text.statusCode).toBe(415);
    const json = await new Agent(app).post('/api/login', { username: '', password: '' });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toMatchObject({ username: 'Username is required' });
  });

  it('works over real HTTP, as Stripe calls it', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const pi = await heldIntent(1234);
    const results = await fake.deliverEvents(
      { url: `${address}/api/payments/webhook` },
      { types: ['payment_intent.amount_capturable_updated'], about: pi.id },
    );
    expect(results.map((r) => r.status)).toEqual([200]);
    expect(received.map((e) => e.data.object.id)).toEqual([pi.id]);
  });
});
