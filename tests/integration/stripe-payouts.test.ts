import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { payoutAccounts, payouts } from '../../src/server/db/schema';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { FakeStripe } from '../support/fake-stripe';
import { FakeStripeConnect } from '../support/fake-stripe-connect';
import { chargedOrder, refundOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let fake: FakeStripe;
let connect: FakeStripeConnect;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  connect = FakeStripeConnect.attach(fake);
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      connectWebhookSecret: connect.connectWebhookSecret,
      apiUrl: fake.url,
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

const settle = () => settleEventPayouts({ ...app.ctx, log: app.log });

/** A diner's card charged at once through the real SDK, confirmed as Stripe.js would. */
async function stripeCharge(amount: number): Promise<string> {
  const pi = await app.ctx.payments.createPaymentIntent({
    amount,
    currency: 'usd',
    captureMethod: 'automatic',
    idempotencyKey: `test-charge:${amount}:${Math.random()}`,
  });
  fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
  return pi.id;
}

async function payee(role: 'foodtruck' | 'organizer') {
  const user = role === 'foodtruck' ? await createTruck(database.db) : await createUser(database.db);
  const agent = new Agent(app);
  await agent.login(user.username);
  return { user, agent };
}

async function accountIdOf(userId: number) {
  const [row] = await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row!.accountId;
}

/** Onboarding on Stripe's hosted pages, then Stripe's Connect webhook. */
async function onboard(agent: Agent, userId: number) {
  const res = await agent.post('/api/payouts/account/onboarding');
  expect(res.statusCode).toBe(200);
  const accountId = await accountIdOf(userId);
  connect.completeOnboarding(accountId);
  const statuses = await connect.deliverEvents(app);
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 200)).toBe(true);
  return accountId;
}

async function closedEvent(truckId: number, organizerId: number) {
  const taco = await createMenuItem(database.db, { foodTruckId: truckId, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId,
    foodTruckId: truckId,
    now: clock.now(),
    daysAhead: -4,
    status: 'closed',
    minimumSales: 2000,
    priceMarkupPercentage: 1000,
  });
  return { event, taco };
}

describe('connected accounts on Stripe', () => {
  it('creates one Express account per user, even on a double click, and sends them to hosted onboarding', async () => {
    const { user, agent } = await payee('foodtruck');
    const [first, second] = await Promise.all([
      agent.post('/api/payouts/account/onboarding'),
      agent.post('/api/payouts/account/onboarding'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const accountId = await accountIdOf(user.id);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    expect(first.json().url).toContain(accountId);

    const creates = fake
      .requestsTo('POST', '/v1/accounts')
      .filter((r) => r.idempotencyKey === `account:${user.id}`);
    expect(creates.filter((r) => !r.replayed)).toHaveLength(1);
    expect(creates[0]!.params).toMatchObject({
      type: 'express',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { userId: String(user.id), role: 'foodtruck' },
    });
    const link = fake.requestsTo('POST', '/v1/account_links').at(-1)!;
    expect(link.params).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://localhost/payouts?onboarding=return',
      refresh_url: 'http://localhost/payouts?onboarding=refresh',
    });
    expect((await agent.get('/api/payouts/account')).json()).toEqual({
      status: 'incomplete',
      detailsSubmitted: false,
      requirementsDue: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      provider: 'stripe',
    });
  });

  it('keeps the account status from the signed account.updated webhook, once per event', async () => {
    const { user, agent } = await payee('organizer');
    await agent.post('/api/payouts/account/onboarding');
    const accountId = await accountIdOf(user.id);
    const account = connect.completeOnboarding(accountId);
    const payload = connect.eventPayload('account.updated', accountId, account, 'evt_connect_once');

    expect((await connect.sendWebhook(app, payload, { signature: 't=1,v1=forged' })).status).toBe(400);
    // Signed with the payments endpoint's secret: not this endpoint's, refused.
    expect((await connect.sendWebhook(app, payload, { secret: fake.webhookSecret })).status).toBe(400);
    expect((await agent.get('/api/payouts/account')).json()).toMatchObject({ status: 'incomplete' });

    const delivered = await connect.sendWebhook(app, payload);
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body)).toEqual({ received: true, duplicate: false });
    expect((await agent.get('/api/payouts/account')).json()).toEqual({
      status: 'enabled',
      detailsSubmitted: true,
      requirementsDue: [],
      provider: 'stripe',
    });
    expect(JSON.parse((await connect.sendWebhook(app, payload)).body)).toEqual({
      received: true,
      duplicate: true,
    });

    // Stripe later asks for a document: payouts stop, and the page says what is missing.
    connect.restrict(accountId);
    await connect.deliverEvents(app);
    expect((await agent.get('/api/payouts/account')).json()).toMatchObject({
      status: 'incomplete',
      requirementsDue: ['individual.verification.document'],
    });
  });

  it('reads the account from Stripe when its owner comes back from onboarding before the webhook', async () => {
    const { user, agent } = await payee('foodtruck');
    await agent.post('/api/payouts/account/onboarding');
    connect.completeOnboarding(await accountIdOf(user.id));
    const res = await agent.post('/api/payouts/account/refresh');
    expect(res.json()).toMatchObject({ status: 'enabled' });
  });
});

describe('transfers on Stripe', () => {
  it('sends one transfer per party with its group and key, retried on a dropped connection', async () => {
    const truck = await payee('foodtruck');
    const organizer = await payee('organizer');
    const truckAccount = await onboard(truck.agent, truck.user.id);
    const organizerAccount = await onboard(organizer.agent, organizer.user.id);
    const { event, taco } = await closedEvent(truck.user.id, organizer.user.id);
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 3, baseCents: 1000 }], stripeCharge);

    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    fake.failNext(1, 'network');
    await settle();
    await settle();

    const sent = fake
      .requestsTo('POST', '/v1/transfers')
      .filter((r) => r.params.transfer_group === `event:${event.id}`);
    const executed = connect.executedTransfers().filter((t) => t.transfer_group === `event:${event.id}`);
    expect(executed).toHaveLength(2);
    expect(sent.map((r) => r.idempotencyKey).sort()).toEqual(
      expect.arrayContaining([`transfer:${event.id}:organizer`, `transfer:${event.id}:truck`]),
    );
    const byDestination = Object.fromEntries(executed.map((t) => [t.destination, t]));
    expect(byDestination[truckAccount]).toMatchObject({
      amount: 3000,
      currency: 'usd',
      source_transaction: null,
    });
    expect(byDestination[organizerAccount]).toMatchObject({ amount: 300 });
    expect(byDestination[truckAccount]!.metadata).toMatchObject({
      eventId: String(event.id),
      party: 'truck',
    });
    const statement = (await truck.agent.get('/api/payouts')).json();
    expect(statement.events.find((e: { eventId: number }) => e.eventId === event.id)).toMatchObject({
      status: 'paid',
      share: '30.00',
    });
  });

  it('names the charge as source_transaction when the platform’s funds are not available yet', async () => {
    const truck = await payee('foodtruck');
    const organizer = await payee('organizer');
    const truckAccount = await onboard(truck.agent, truck.user.id);
    await onboard(organizer.agent, organizer.user.id);
    const { event, taco } = await closedEvent(truck.user.id, organizer.user.id);
    const big = await chargedOrder(
      app,
      event,
      [{ menuItemId: taco.id, quantity: 4, baseCents: 1000 }],
      stripeCharge,
    );
    const charge = fake.paymentIntent(big.stripePaymentIntentId!)!.latest_charge;

    connect.available = 0;
    try {
      clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
      await settle();
    } finally {
      connect.available = 1_000_000;
    }
    const [transfer] = connect.executedTransfers().filter((t) => t.destination === truckAccount);
    expect(transfer).toMatchObject({
      amount: 4000,
      source_transaction: charge,
      transfer_group: `event:${event.id}`,
    });
  });

  it('reverses the transfer when a diner is refunded after settlement, with a key per reversal', async () => {
    const truck = await payee('foodtruck');
    const organizer = await payee('organizer');
    const truckAccount = await onboard(truck.agent, truck.user.id);
    await onboard(organizer.agent, organizer.user.id);
    const { event, taco } = await closedEvent(truck.user.id, organizer.user.id);
    const first = await chargedOrder(
      app,
      event,
      [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }],
      stripeCharge,
    );
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }], stripeCharge);
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await settle();

    clock.advance(HOUR);
    await refundOrder(app, first.id);
    await settle();
    await settle();
    const [transfer] = connect.executedTransfers().filter((t) => t.destination === truckAccount);
    expect(transfer).toMatchObject({ amount: 3000, amount_reversed: 1000 });
    const reversal = fake
      .requestsTo('POST', `/v1/transfers/${String(transfer!.id)}/reversals`)
      .filter((r) => !r.replayed);
    expect(reversal).toHaveLength(1);
    expect(reversal[0]).toMatchObject({
      idempotencyKey: `reversal:${event.id}:truck:1000`,
      params: { amount: '1000' },
    });
    const [row] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, event.id), eq(payouts.party, 'truck')));
    expect(row).toMatchObject({ transferredAmount: 3000, reversedAmount: 1000 });
  });
});
