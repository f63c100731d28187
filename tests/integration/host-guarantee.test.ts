import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { eventGuarantees, outbox, pendingOrders } from '../../src/server/db/schema';
import { chargeGuarantees, noticeGuarantees } from '../../src/server/guarantees/charge-guarantees';
import { loadEventLedger } from '../../src/server/payouts/load-event-ledgers';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { FakeStripe } from '../support/fake-stripe';
import { eventRow, orderBody } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let fake: FakeStripe;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

let seq = 0;

/**
 * An event request whose organizer guarantees the $500.00 goal with a card saved through the API and
 * the fake Stripe (`card`: a test payment method), and its truck's acceptance.
 */
async function guaranteedEvent(card = 'pm_card_visa') {
  clock.set('2026-11-21T12:00:00Z');
  const n = ++seq;
  const organizer = await createUser(database.db, { contactEmail: `host-${n}@example.com` });
  const truck = await createTruck(database.db, { contactEmail: `truck-${n}@example.com` });
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 3,
    minimumSales: 50_000,
    status: 'pending_approval',
  });
  const host = new Agent(app);
  await host.login(organizer.username);
  const offered = await host.post(`/api/events/${event.id}/guarantee`);
  expect(offered.statusCode).toBe(200);
  const setupIntentId = (offered.json().clientSecret as string).split('_secret_')[0]!;
  fake.confirmSetupIntent(setupIntentId, card);
  const saved = await host.post(`/api/events/${event.id}/guarantee/sync`);
  expect(saved.json()).toMatchObject({ status: 'saved', currency: 'USD', cap: '500.00' });

  const truckAgent = new Agent(app);
  await truckAgent.login(truck.username);
  const seen = (await truckAgent.get(`/api/events/${event.id}/guarantee`)).json();
  expect(seen.summary).toBe(
    "Guaranteed: the organizer's saved card pays any shortfall at the start, up to $500.00.",
  );
  const tooHigh = await truckAgent.post(`/api/events/${event.id}/approve`, {
    status: 'approved',
    minimumSales: 600,
    response: null,
  });
  expect(tooHigh.statusCode).toBe(409);
  expect(tooHigh.json().code).toBe('goal_above_guarantee');
  const accepted = await truckAgent.post(`/api/events/${event.id}/approve`, {
    status: 'approved',
    minimumSales: 500,
    response: null,
  });
  expect(accepted.statusCode).toBe(200);
  return { event: await eventRow(database.db, event.id), taco, organizer, truck, host, truckAgent };
}

/** A diner's card held for `quantity` tacos through the API, as Stripe.js would confirm it. */
async function heldOrder(eventId: number, menuItemId: number, quantity: number, email: string) {
  const diner = new Agent(app);
  const res = await diner.post(
    `/api/events/${eventId}/create-payment-intent`,
    orderBody(menuItemId, quantity, 1050, email),
  );
  expect(res.statusCode).toBe(200);
  const { orderId } = res.json();
  const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  fake.confirmPaymentIntent(order!.stripePaymentIntentId!, 'pm_card_visa');
  await diner.post(`/api/events/${eventId}/orders/${orderId}/sync`);
  return orderId as number;
}

/** The guarantee's charges Stripe executed (replays and refused attempts not counted). */
function guaranteeCharges(eventId: number) {
  const calls = fake
    .requestsTo('POST', '/v1/payment_intents')
    .filter((r) => r.idempotencyKey === `guarantee:${eventId}`);
  return {
    executed: calls.filter((r) => !r.replayed && (!r.injected || r.injected === 'lost_answer')),
    replayed: calls.filter((r) => r.replayed),
  };
}

async function mails(kind: string, to?: string) {
  const rows = await database.db
    .select()
    .from(outbox)
    .where(to ? and(eq(outbox.kind, kind), eq(outbox.recipient, to)) : eq(outbox.kind, kind));
  return rows;
}

async function guaranteeOf(eventId: number) {
  const [row] = await database.db.select().from(eventGuarantees).where(eq(eventGuarantees.eventId, eventId));
  return row!;
}

describe("the host's guarantee", () => {
  it('refuses a guarantee once the truck has answered, and anyone but the organizer', async () => {
    const { event, host } = await guaranteedEvent();
    const again = await host.post(`/api/events/${event.id}/guarantee`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('guarantee_in_place');
    const stranger = new Agent(app);
    const other = await createUser(database.db, {});
    await stranger.login(other.username);
    expect((await stranger.get(`/api/events/${event.id}/guarantee`)).statusCode).toBe(403);
    expect((await stranger.post(`/api/events/${event.id}/guarantee`)).statusCode).toBe(403);
  });

  it('counts no card saved after the truck answered, and none offered after it', async () => {
    clock.set('2026-11-21T12:00:00Z');
    const organizer = await createUser(database.db, { contactEmail: 'late-host@example.com' });
    const truck = await createTruck(database.db, {});
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 50_000,
      status: 'pending_approval',
    });
    const host = new Agent(app);
    await host.login(organizer.username);
    const offered = (await host.post(`/api/events/${event.id}/guarantee`)).json();
    const truckAgent = new Agent(app);
    await truckAgent.login(truck.username);
    const accepted = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: 900,
      response: null,
    });
    expect(accepted.statusCode).toBe(200);
    fake.confirmSetupIntent((offered.clientSecret as string).split('_secret_')[0]!, 'pm_card_visa');
    expect((await host.post(`/api/events/${event.id}/guarantee/sync`)).json()).toMatchObject({
      status: 'withdrawn',
      summary: null,
    });
    const late = await host.post(`/api/events/${event.id}/guarantee`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('guarantee_too_late');

    const other = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 5,
      minimumSales: 50_000,
    });
    const tooLate = await host.post(`/api/events/${other.id}/guarantee`);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('guarantee_too_late');

    // At the start the event is all-or-nothing as ever: cancelled unfunded, nothing charged.
    clock.set(event.startsAt);
    for (let i = 0; i < 2; i++) await app.ctx.reconciler.runOnce();
    expect(await eventRow(database.db, event.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'unfunded',
    });
    expect(guaranteeCharges(event.id).executed).toHaveLength(0);
  });

  it('mails the organizer "you may pay $X" 48 hours ahead, once, under racing runs', async () => {
    const { event, taco, organizer } = await guaranteedEvent();
    await heldOrder(event.id, taco.id, 2, 'dana@example.com');
    clock.set(new Date(event.startsAt.getTime() - 49 * HOUR));
    expect(await noticeGuarantees(app.ctx)).toBe(0);
    clock.set(new Date(event.startsAt.getTime() - 47 * HOUR));
    await Promise.all([
      ...Array.from({ length: 6 }, () => noticeGuarantees(app.ctx)),
      app.ctx.reconciler.runOnce(),
    ]);
    await app.ctx.reconciler.runOnce();
    const sent = await mails('guarantee-notice', organizer.contactEmail!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('You may pay $480.00');
  });

  it('charges the shortfall exactly once under racing runs, then every hold, and the truck gets its minimum', async () => {
    for (let round = 0; round < 3; round++) {
      const { event, taco, organizer, truck } = await guaranteedEvent();
      const orders = [
        await heldOrder(event.id, taco.id, 3, `ann-${round}@example.com`),
        await heldOrder(event.id, taco.id, 5, `ben-${round}@example.com`),
      ];
      clock.set(event.startsAt);
      await Promise.all([
        ...Array.from({ length: 8 }, () => chargeGuarantees(app.ctx)),
        app.ctx.reconciler.runOnce(),
      ]);
      for (let i = 0; i < 3; i++) await app.ctx.reconciler.runOnce();

      const { executed } = guaranteeCharges(event.id);
      expect(executed).toHaveLength(1);
      expect(executed[0]!.params).toMatchObject({ amount: '42000', off_session: 'true', confirm: 'true' });
      const guarantee = await guaranteeOf(event.id);
      expect(guarantee).toMatchObject({ status: 'charged', amountCents: 42_000 });
      // Stripe's webhooks about the organizer's charge (no order owns it) leave it charged.
      const delivered = await fake.deliverEvents({ app }, { about: guarantee.stripePaymentIntentId! });
      expect(delivered.map((d) => d.status)).toContain(200);
      for (let i = 0; i < 2; i++) await app.ctx.reconciler.runOnce();
      expect(fake.refundedOf(guarantee.stripePaymentIntentId!)).toBe(0);
      expect((await eventRow(database.db, event.id)).status).toBe('confirmed');
      const charged = await database.db
        .select()
        .from(pendingOrders)
        .where(eq(pendingOrders.eventId, event.id));
      expect(charged.map((o) => o.status).sort()).toEqual(['charged', 'charged']);
      expect(orders).toHaveLength(2);
      expect(await mails('guarantee-charged', organizer.contactEmail!)).toHaveLength(1);
      expect(await mails('guarantee-covered', truck.contactEmail!)).toHaveLength(1);
      // The ledger: 8 tacos' food and the organizer's 420.00 make the truck's 500.00, to the cent.
      const ledger = await loadEventLedger(database.db, event.id);
      expect(ledger.guarantee).toEqual({ chargedCents: 42_000, keptCents: 42_000 });
      expect(ledger.shares.truck).toBe(50_000);
      expect(ledger.grossCents).toBe(8 * 1050 + 42_000);
    }
  });

  it('charges once when an instance died between the charge and its record', async () => {
    const { event, taco } = await guaranteedEvent();
    await heldOrder(event.id, taco.id, 1, 'cy@example.com');
    clock.set(event.startsAt);
    // The instance that died: it claimed the guarantee and Stripe charged the card; nothing recorded.
    const { planGuaranteeAtStart } = await import('../../src/core/host-guarantee');
    const row = await guaranteeOf(event.id);
    const plan = planGuaranteeAtStart({
      guarantee: {
        eventId: event.id,
        status: row.status,
        paymentMethodId: row.stripePaymentMethodId,
        customerId: row.stripeCustomerId,
        noticeSentAt: null,
        amountCents: null,
      },
      event: {
        status: 'approved',
        startsAt: event.startsAt,
        currentSalesCents: 1000,
        minimumSalesCents: 50_000,
        currency: 'USD',
      },
      now: clock.now(),
    });
    if (plan.kind !== 'charge') throw new Error('expected a charge');
    await database.db
      .update(eventGuarantees)
      .set({ status: 'charging', amountCents: plan.amountCents, claimedAt: clock.now(), claimToken: 'dead' })
      .where(eq(eventGuarantees.id, row.id));
    await app.ctx.payments.createPaymentIntent(plan.request);

    // Inside the dead instance's lease nobody takes it over; after it, one run records the replay.
    await chargeGuarantees(app.ctx);
    expect((await eventRow(database.db, event.id)).status).toBe('approved');
    clock.advance(9_000);
    await Promise.all([chargeGuarantees(app.ctx), chargeGuarantees(app.ctx), app.ctx.reconciler.runOnce()]);
    const { executed, replayed } = guaranteeCharges(event.id);
    expect(executed).toHaveLength(1);
    expect(replayed.length).toBeGreaterThanOrEqual(1);
    expect(await guaranteeOf(event.id)).toMatchObject({ status: 'charged', amountCents: 49_000 });
    expect((await eventRow(database.db, event.id)).status).not.toBe('cancelled');
  });

  it("charges once when Stripe's answer to the charge is lost on the way back", async () => {
    const { event, taco } = await guaranteedEvent();
    await heldOrder(event.id, taco.id, 4, 'hal@example.com');
    clock.set(event.startsAt);
    fake.failNext(1, 'lost_answer');
    await Promise.all([chargeGuarantees(app.ctx), chargeGuarantees(app.ctx)]);
    clock.advance(9_000);
    await app.ctx.reconciler.runOnce();
    const { executed, replayed } = guaranteeCharges(event.id);
    expect(executed).toHaveLength(1);
    expect(executed[0]!.injected).toBe('lost_answer');
    expect(replayed.length).toBeGreaterThanOrEqual(1);
    expect(await guaranteeOf(event.id)).toMatchObject({ status: 'charged', amountCents: 46_000 });
  });

  it('falls back to all-or-nothing when the guarantee is declined, and tells everyone', async () => {
    const { event, taco, organizer, truck } = await guaranteedEvent('pm_card_chargeCustomerFail');
    await heldOrder(event.id, taco.id, 2, 'dee@example.com');
    await heldOrder(event.id, taco.id, 1, 'eve@example.com');
    clock.set(event.startsAt);
    await Promise.all([chargeGuarantees(app.ctx), chargeGuarantees(app.ctx), app.ctx.reconciler.runOnce()]);
    for (let i = 0; i < 3; i++) await app.ctx.reconciler.runOnce();

    expect(guaranteeCharges(event.id).executed).toHaveLength(1);
    expect(await guaranteeOf(event.id)).toMatchObject({ status: 'declined' });
    const after = await eventRow(database.db, event.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'unfunded' });
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    for (const o of orders) expect(fake.paymentIntent(o.stripePaymentIntentId!)?.status).toBe('canceled');
    expect(await mails('guarantee-declined', organizer.contactEmail!)).toHaveLength(1);
    expect(await mails('event-called-off', organizer.contactEmail!)).toHaveLength(1);
    expect(await mails('event-called-off', truck.contactEmail!)).toHaveLength(1);
    expect(await mails('event-cancelled', 'dee@example.com')).toHaveLength(1);
    expect(await mails('event-cancelled', 'eve@example.com')).toHaveLength(1);
  });

  it("shows the guarantee to the cent on both parties' payout statements and CSVs", async () => {
    const { event, taco, host, truckAgent } = await guaranteedEvent();
    await heldOrder(event.id, taco.id, 7, 'gus@example.com');
    clock.set(event.startsAt);
    for (let i = 0; i < 4; i++) await app.ctx.reconciler.runOnce();
    expect((await eventRow(database.db, event.id)).status).toBe('confirmed');

    const line = async (agent: Agent) => {
      const statement = (await agent.get('/api/payouts')).json();
      return statement.events.find((e: { eventId: number }) => e.eventId === event.id);
    };
    // 7 tacos: food 70.00, diners charged 73.50; the organizer's card 430.00.
    expect(await line(truckAgent)).toMatchObject({ guarantee: '430.00', share: '500.00', gross: '503.50' });
    expect(await line(host)).toMatchObject({ guarantee: '430.00', share: '0.00', gross: '503.50' });
    for (const agent of [truckAgent, host]) {
      const cells = (text: string) => text.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
      const csv = (await agent.get('/api/payouts/export.csv')).body.split('\n');
      const header = cells(csv[0]!);
      const row = cells(csv.find((r) => r.includes(event.title))!);
      expect(row[header.indexOf('Host guarantee')]).toBe('430.00');
    }
  });

  it('is not used when diners reach the goal', async () => {
    const { event, taco, organizer } = await guaranteedEvent();
    await heldOrder(event.id, taco.id, 50, 'fay@example.com');
    clock.set(event.startsAt);
    for (let i = 0; i < 3; i++) await app.ctx.reconciler.runOnce();
    expect(guaranteeCharges(event.id).executed).toHaveLength(0);
    expect(await guaranteeOf(event.id)).toMatchObject({ status: 'not_needed' });
    expect(await mails('guarantee-charged', organizer.contactEmail!)).toHaveLength(0);
  });
});
