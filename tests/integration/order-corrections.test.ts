import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { orderRefunds, outbox, payouts, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { refundCorrections } from '../../src/server/orders/refund-corrections';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { chargedOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The truck's corrections (docs/decisions/135-order-corrections.md) and the handover's timing, through
 * the HTTP API on a real database (PGlite by default, PostgreSQL with TEST_DATABASE_URL), with the
 * payment simulator standing in for Stripe and two app instances on one database.
 */
let database: Database;
let app: FastifyInstance;
let second: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  second = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await second.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const simulator = (on = app) => on.ctx.payouts as SimulatorPayoutGateway;
const settle = (on = app) => settleEventPayouts({ ...on.ctx, log: on.log });
const sendRefunds = (on = app) => refundCorrections({ ...on.ctx, log: on.log });

/**
 * A truck and an organizer with an event that ended yesterday at 21:00 UTC and 20% markup: a $10.00
 * taco costs a diner $12.50 ($10.00 food, $2.00 markup, $0.50 fee).
 */
async function endedEvent(options: { daysAhead?: number; status?: 'closed' | 'confirmed' } = {}) {
  const organizer = await createUser(database.db, { contactEmail: 'olivia@example.com' });
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: options.daysAhead ?? -1,
    status: options.status ?? 'closed',
    minimumSales: 2000,
    priceMarkupPercentage: 2000,
  });
  const truckAgent = new Agent(app);
  await truckAgent.login(truck.username);
  const organizerAgent = new Agent(app);
  await organizerAgent.login(organizer.username);
  return { organizer, truck, taco, event, truckAgent, organizerAgent };
}

/** Five tacos: $62.50 charged. */
const fiveTacos = (s: Awaited<ReturnType<typeof endedEvent>>) =>
  chargedOrder(app, s.event, [{ menuItemId: s.taco.id, quantity: 5, baseCents: 1000 }]);

const refund = (agent: Agent, orderId: number, amountCents: unknown, reason: unknown = 'One taco was missing') =>
  agent.post(`/api/orders/${orderId}/refunds`, { amountCents, reason });

async function orderRow(id: number) {
  const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row!;
}
async function intentRefunded(orderId: number) {
  const order = await orderRow(orderId);
  const [intent] = await database.db
    .select()
    .from(simulatorIntents)
    .where(eq(simulatorIntents.id, order.stripePaymentIntentId!));
  return intent!.amountRefunded;
}
async function correctionMails(to = 'dana@example.com') {
  return (await database.db.select().from(outbox).where(eq(outbox.recipient, to))).filter(
    (m) => m.kind === 'order-corrected',
  );
}

/** The simulator's hosted onboarding, as a person clicks through it. */
async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  const done = await agent.post('/api/payouts/simulator/onboarding', link);
  expect(done.statusCode).toBe(200);
  return link.account;
}

describe('who may refund, and what', () => {
  it('lets only the event’s truck refund, and answers 4xx with a clear message for everything else', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    const other = await createTruck(database.db);
    const otherAgent = new Agent(app);
    await otherAgent.login(other.username);

    expect((await refund(new Agent(app), order.id, 100)).statusCode).toBe(401);
    expect((await refund(s.organizerAgent, order.id, 100)).statusCode).toBe(403);
    const foreign = await refund(otherAgent, order.id, 100);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Only the event's food truck can refund its orders");
    expect((await refund(s.truckAgent, 999_999, 100)).statusCode).toBe(404);

    for (const [amount, reason] of [
      [0, 'x'],
      [-5, 'x'],
      [12.5, 'x'],
      ['100', 'x'],
      [null, 'x'],
      [100, ''],
      [100, '   '],
      [100, 'x'.repeat(501)],
    ] as const) {
      const res = await refund(s.truckAgent, order.id, amount, reason);
      expect(res.statusCode, JSON.stringify([amount, reason])).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const noReason = await s.truckAgent.post(`/api/orders/${order.id}/refunds`, { amountCents: 100 });
    expect(noReason.statusCode).toBe(400);
    const tooMuch = await refund(s.truckAgent, order.id, 6251);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Only $62.50 of this order is left to refund');
    expect((await orderRow(order.id)).correctedAmount).toBe(0);
    expect((await correctionMails()).filter((m) => m.subject.endsWith(s.event.title))).toHaveLength(0);
  });

  it('refuses a held order (nothing is charged: the diner can cancel it)', async () => {
    const s = await endedEvent({ daysAhead: 3, status: 'confirmed' });
    const order = await fiveTacos(s);
    await database.db.update(pendingOrders).set({ status: 'confirmed' }).where(eq(pendingOrders.id, order.id));
    const res = await refund(s.truckAgent, order.id, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This order is not charged yet: the card is only held/);
  });

  it('accepts refunds until 7 days after the end, by the app’s clock', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    clock.set(new Date(s.event.endsAt.getTime() + 7 * DAY - 60_000));
    expect((await refund(s.truckAgent, order.id, 100)).statusCode).toBe(200);
    clock.set(new Date(s.event.endsAt.getTime() + 7 * DAY + 60_000));
    const late = await refund(s.truckAgent, order.id, 100);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Refunds can be made until 7 days after the event ends');
    expect((await orderRow(order.id)).correctedAmount).toBe(100);
  });
});

describe('partial refunds', () => {
  it('adds two parts up to the whole, asks the provider once per refund, and tells the diner each time', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);

    const first = await refund(s.truckAgent, order.id, 1250, 'One taco was missing');
    expect(first.statusCode).toBe(200);
    expect(first.json().order).toMatchObject({ refundedAmount: '12.50', status: 'charged' });
    expect(first.json().correction).toMatchObject({ amount: '12.50', reason: 'One taco was missing', state: 'pending' });
    const rest = await refund(s.truckAgent, order.id, 5000, 'Closed early, no food served');
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order.refundedAmount).toBe('62.50');
    const more = await refund(s.truckAgent, order.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('This order is already refunded in full');

    // Nothing reached the provider yet: the commit is the promise, the money lane keeps it.
    expect(await intentRefunded(order.id)).toBe(0);
    await Promise.all([sendRefunds(app), sendRefunds(second), sendRefunds(app)]);
    await sendRefunds(second);
    expect(await intentRefunded(order.id)).toBe(6250);
    const rows = await database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .orderBy(orderRefunds.id);
    expect(rows.map((r) => [r.amount, r.refundedAt !== null])).toEqual([
      [1250, true],
      [5000, true],
    ]);
    expect(new Set(rows.map((r) => r.providerRefundId)).size).toBe(2);

    const mails = (await correctionMails()).filter((m) => m.subject.endsWith(s.event.title));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Refund of $12.50: ${s.event.title}`);
    expect(mails[0]!.textBody).toContain('The food truck refunded $12.50 of your pre-order');
    expect(mails[0]!.textBody).toContain('"One taco was missing"');
    expect(mails[0]!.textBody).toContain('$50.00 stays charged');
    expect(mails[1]!.textBody).toContain('"Closed early, no food served"');
    expect(mails[1]!.textBody).toContain('now refunded in full');

    // The truck's event-day list and the organizer's orders show it.
    const day = (await s.truckAgent.get(`/api/bookings/${s.event.id}/orders`)).json();
    const listed = day.orders.find((o: { id: number }) => o.id === order.id);
    expect(listed.refundedAmount).toBe('62.50');
    expect(listed.corrections.map((c: { reason: string; state: string }) => [c.reason, c.state])).toEqual([
      ['One taco was missing', 'refunded'],
      ['Closed early, no food served', 'refunded'],
    ]);
  });

  it('never refunds more than was charged when many refunds race, on every round', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await endedEvent();
      const order = await fiveTacos(s); // 6250
      const phone = new Agent(app);
      await phone.login(s.truck.username);
      // 20 requests of $5.00 at once from two phones: only 12 fit into $62.50.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => refund(i % 2 ? phone : s.truckAgent, order.id, 500, `Part ${i}`)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(12);
      expect(codes.filter((c) => c === 409)).toHaveLength(8);
      const rows = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
      expect(rows).toHaveLength(12);
      expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(6000);
      expect((await orderRow(order.id)).correctedAmount).toBe(6000);
      await Promise.all([sendRefunds(app), sendRefunds(second)]);
      expect(await intentRefunded(order.id)).toBe(6000);
      const mails = (await correctionMails()).filter((m) => m.subject.endsWith(s.event.title));
      expect(mails).toHaveLength(12);
    }
  });
});
