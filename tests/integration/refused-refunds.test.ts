import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { orderRefunds, outbox, payouts, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { refundCorrections } from '../../src/server/orders/refund-corrections';
import { refundDueOrders } from '../../src/server/orders/refund-due-orders';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { FakeStripe } from '../support/fake-stripe';
import { chargedOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase, testConfig } from '../support/test-app';

/**
 * Refunds the provider refuses (docs/decisions/213): through the payment simulator (card 5126: the
 * refund is accepted, then reported failed) with two instances on one database, and through the fake
 * Stripe (refused at once with a 400, or `succeeded` then failed by webhook). What people notice: what
 * the order shows refunded, the truck's mail, the payouts, the admin's list; and the caps on refunds.
 */
let database: Database;
let app: FastifyInstance;
let second: FastifyInstance;
let stripeApp: FastifyInstance;
let limited: FastifyInstance;
let fake: FakeStripe;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  second = await createTestApp(database, { now: clock.now });
  stripeApp = await createTestApp(database, {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  });
  // The per-truck limit on, small enough to reach.
  limited = await createTestApp(database, {
    now: clock.now,
    rateLimits: { ...testConfig().rateLimits, refunds: { max: 5, windowMs: 10 * 60 * 1000 } },
  });
});
afterAll(async () => {
  for (const a of [app, second, stripeApp, limited]) await a.close();
  await database.close();
  await fake.close();
});
beforeEach(() => {
  clock.set('2026-11-21T12:00:00Z');
  fake.refuseRefunds = undefined;
});

const ctxOf = (on: FastifyInstance) => ({ ...on.ctx, log: on.log });
const sendRefunds = async (on = app) => {
  const made = await refundCorrections(ctxOf(on));
  await on.ctx.payments.flush?.();
  return made;
};
const refundDue = async (on = app) => {
  const made = await refundDueOrders(ctxOf(on));
  await on.ctx.payments.flush?.();
  return made;
};
const settle = (on = app) => settleEventPayouts(ctxOf(on));
const simulator = () => app.ctx.payouts as SimulatorPayoutGateway;

async function endedEvent(on = app) {
  const organizer = await createUser(database.db, { contactEmail: 'olivia@example.com' });
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: -1,
    status: 'closed',
    minimumSales: 2000,
    priceMarkupPercentage: 2000,
  });
  const truckAgent = new Agent(on);
  await truckAgent.login(truck.username);
  const organizerAgent = new Agent(on);
  await organizerAgent.login(organizer.username);
  return { organizer, truck, taco, event, truckAgent, organizerAgent };
}
type Setup = Awaited<ReturnType<typeof endedEvent>>;

/** Five tacos, $62.50, charged on the simulator; `refundFails`: paid with card 4000 0000 0000 5126. */
async function fiveTacos(s: Setup, options: { refundFails?: boolean; on?: FastifyInstance } = {}) {
  const on = options.on ?? app;
  const charge =
    on === stripeApp
      ? async (amount: number) => {
          const pi = await on.ctx.payments.createPaymentIntent({
            amount,
            currency: 'usd',
            captureMethod: 'automatic',
            idempotencyKey: `refused-refunds:${amount}:${Math.random()}`,
          });
          fake.confirmPaymentIntent(pi.id, 'pm_card_visa');
          return pi.id;
        }
      : undefined;
  const order = await chargedOrder(
    on,
    s.event,
    [{ menuItemId: s.taco.id, quantity: 5, baseCents: 1000 }],
    charge,
  );
  if (options.refundFails) {
    await database.db
      .update(simulatorIntents)
      .set({
        metadata: {
          eventId: String(s.event.id),
          __simulator: { card: { behaviour: 'refund_fails', brand: 'visa', last4: '5126' } },
        },
      })
      .where(eq(simulatorIntents.id, order.stripePaymentIntentId!));
  }
  return order;
}

const refund = (agent: Agent, orderId: number, amountCents: number, reason = 'One taco was missing') =>
  agent.post(`/api/orders/${orderId}/refunds`, { amountCents, reason });

async function orderRow(id: number) {
  const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row!;
}
async function correctionsOf(orderId: number) {
  return database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}
/** The mails of one kind to the truck about one event (every test truck shares an address). */
async function mailsTo(to: string, kind: string, event?: { title: string }) {
  const rows = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)));
  return event ? rows.filter((m) => m.subject.endsWith(event.title)) : rows;
}
async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  expect((await agent.post('/api/payouts/simulator/onboarding', link)).statusCode).toBe(200);
  return link.account;
}
async function adminAgent(on = app) {
  const admin = await createUser(database.db, { role: 'admin' });
  const agent = new Agent(on);
  await agent.login(admin.username);
  return agent;
}
/** The day's order as the truck's event-day screen reads it. */
async function dayOrder(s: Setup, orderId: number) {
  const day = (await s.truckAgent.get(`/api/bookings/${s.event.id}/orders`)).json();
  return day.orders.find((o: { id: number }) => o.id === orderId);
}

describe('a correction the provider refuses', () => {
  it('shows what was really refunded, tells the truck, backs off, ends for an admin, and never cuts the payout', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s, { refundFails: true });
    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizerAgent);
    expect((await refund(s.truckAgent, order.id, 1250)).statusCode).toBe(200);
    // First try: the simulator accepts it, then reports it failed (as card 5126 does at Stripe).
    await Promise.all([sendRefunds(app), sendRefunds(second)]);
    let [row] = await correctionsOf(order.id);
    expect(row).toMatchObject({ attempts: 1, refundedAt: null, gaveUpAt: null });
    expect(row!.failure).toMatch(/expired or was cancelled/);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'charged',
      correctedAmount: 1250,
      refundedAmount: 0,
    });
    expect(await dayOrder(s, order.id)).toMatchObject({ refundedAmount: '0.00' });
    const told = await mailsTo(s.truck.contactEmail!, 'refund-refused', s.event);
    expect(told).toHaveLength(1);
    expect(told[0]!.textBody).toContain('the diner’s card has expired or was cancelled');
    expect(told[0]!.textBody).toContain('$12.50');
    expect(told[0]!.subject).toBe(`A refund could not be made: ${s.event.title}`);
    expect(told[0]!.textBody).toContain(
      'We will try again a few more times over the next hours, and tell you if it still fails.',
    );

    // Tried again after 1, 2, 4 and 8 hours, under a new key each time, then given up: 5 tries in all.
    const delays: number[] = [];
    for (let attempt = 1; attempt < 5; attempt++) {
      const before = clock.now().getTime();
      await sendRefunds(); // not due yet
      expect((await correctionsOf(order.id))[0]!.attempts).toBe(attempt);
      clock.set(new Date(row!.dueAt.getTime()));
      delays.push(row!.dueAt.getTime() - before);
      await Promise.all([sendRefunds(app), sendRefunds(second)]);
      [row] = await correctionsOf(order.id);
      expect(row!.attempts).toBe(attempt + 1);
    }
    expect(delays).toEqual([HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
    expect(row!.gaveUpAt).not.toBeNull();
    expect(row!.failure).toMatch(/Our team will settle it/);
    clock.advance(48 * HOUR);
    await sendRefunds();
    expect((await correctionsOf(order.id))[0]!.attempts).toBe(5); // ended: no sixth try
    expect(await mailsTo(s.truck.contactEmail!, 'refund-refused', s.event)).toHaveLength(1);
    expect(await mailsTo(s.truck.contactEmail!, 'refund-given-up', s.event)).toHaveLength(1);

    // The payout is not cut by money that stayed with us: the truck gets all five tacos' share.
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await Promise.all([settle(app), settle(second)]);
    expect(await simulator().accountBalance(truckAccount)).toBe(5000);
    expect(await simulator().accountBalance(organizerAccount)).toBe(1000);

    // One final state an admin sees (and nobody else), and settles once.
    const admin = await adminAgent();
    const list = (await admin.get('/api/admin/refund-failures')).json().failures;
    const mine = list.filter((f: { orderId: number }) => f.orderId === order.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'correction',
        id: row!.id,
        amount: '12.50',
        currency: 'USD',
        reason: 'One taco was missing',
        attempts: 5,
        failure: expect.stringMatching(/expired or was cancelled/),
      }),
    ]);
    expect((await s.truckAgent.get('/api/admin/refund-failures')).statusCode).toBe(403);
    const body = { kind: 'correction', id: row!.id, action: 'refunded_elsewhere' };
    const answers = await Promise.all([
      admin.post('/api/admin/refund-failures/settle', body),
      admin.post('/api/admin/refund-failures/settle', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(
      (await admin.get('/api/admin/refund-failures'))
        .json()
        .failures.filter((f: { orderId: number }) => f.orderId === order.id),
    ).toEqual([]);
    // Refunded another way: it counts now, and the payouts give back its share, once.
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 1250 });
    await Promise.all([settle(app), settle(second)]);
    await settle();
    expect(await simulator().accountBalance(truckAccount)).toBe(4000);
    expect(await simulator().accountBalance(organizerAccount)).toBe(800);
  });

  it('is refused at once by Stripe (a disputed charge), then closed by an admin: nothing counted, nothing cut', async () => {
    const s = await endedEvent(stripeApp);
    const order = await fiveTacos(s, { on: stripeApp });
    fake.refuseRefunds = { when: 'at_once', reason: 'charge_disputed' };
    expect((await refund(s.truckAgent, order.id, 625, 'Half a taco')).statusCode).toBe(200);
    await sendRefunds(stripeApp);
    const [row] = await correctionsOf(order.id);
    expect(row).toMatchObject({ attempts: 1, refundedAt: null, providerRefundId: null });
    expect(fake.refundedOf(order.stripePaymentIntentId!)).toBe(0);
    expect((await mailsTo(s.truck.contactEmail!, 'refund-refused', s.event))[0]!.textBody).toContain(
      'the diner disputed the charge with their bank',
    );
    // Each try is a new key (the refused one answers the same refusal for a day).
    for (let attempt = 1; attempt < 5; attempt++) {
      const [current] = await correctionsOf(order.id);
      clock.set(current!.dueAt);
      await sendRefunds(stripeApp);
    }
    const keys = fake.requestsTo('POST', '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys.filter((k) => String(k).startsWith(`correction:${row!.id}`))).toEqual([
      `correction:${row!.id}`,
      ...[1, 2, 3, 4].map((n) => `correction:${row!.id}:${n}`),
    ]);
    const [given] = await correctionsOf(order.id);
    expect(given!.gaveUpAt).not.toBeNull();
    const admin = await adminAgent(stripeApp);
    const closed = await admin.post('/api/admin/refund-failures/settle', {
      kind: 'correction',
      id: given!.id,
      action: 'close',
    });
    expect(closed.statusCode).toBe(200);
    // Nothing went back: the order shows nothing refunded, and the amount may be corrected again.
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 0, correctedAmount: 0 });
    fake.refuseRefunds = undefined;
    expect((await refund(s.truckAgent, order.id, 6250, 'All of it')).statusCode).toBe(200);
  });

  it('is reported failed by Stripe’s webhook after it said succeeded: no longer counted, retried under a new key', async () => {
    const s = await endedEvent(stripeApp);
    const order = await fiveTacos(s, { on: stripeApp });
    fake.refuseRefunds = { when: 'later', reason: 'lost_or_stolen_card' };
    expect((await refund(s.truckAgent, order.id, 1250)).statusCode).toBe(200);
    await sendRefunds(stripeApp);
    expect((await correctionsOf(order.id))[0]!.refundedAt).not.toBeNull();
    expect((await orderRow(order.id)).refundedAmount).toBe(1250);
    await fake.deliverEvents({ app: stripeApp }, { types: ['charge.refund.updated'] });
    await fake.deliverEvents({ app: stripeApp }, { types: ['charge.refund.updated'] }); // redelivered
    const [row] = await correctionsOf(order.id);
    expect(row).toMatchObject({ attempts: 1, refundedAt: null });
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: 0, correctedAmount: 1250 });
    expect((await mailsTo(s.truck.contactEmail!, 'refund-refused', s.event))[0]!.textBody).toContain(
      'reported lost or stolen',
    );
    // The card works again: the next try makes it, and the order counts it again.
    fake.refuseRefunds = undefined;
    clock.set(row!.dueAt);
    await sendRefunds(stripeApp);
    expect(fake.refundedOf(order.stripePaymentIntentId!)).toBe(1250);
    expect((await orderRow(order.id)).refundedAmount).toBe(1250);
  });
});

describe('a whole refund the provider refuses', () => {
  it('ends after five tries with the order still charged, the truck told, the payout whole, and an admin to settle it', async () => {
    const s = await endedEvent(stripeApp);
    const owed = await fiveTacos(s, { on: stripeApp });
    fake.refuseRefunds = { when: 'at_once', reason: 'balance_insufficient' };
    await database.db
      .update(pendingOrders)
      .set({ refundDueAt: clock.now(), refundReason: 'charged after the start' })
      .where(eq(pendingOrders.id, owed.id));
    for (let attempt = 0; attempt < 5; attempt++) {
      await refundDue(stripeApp);
      const current = await orderRow(owed.id);
      expect(current.refundAttempts).toBe(attempt + 1);
      if (attempt < 4) clock.set(current.refundDueAt!);
    }
    const given = await orderRow(owed.id);
    expect(given).toMatchObject({ status: 'charged', refundedAmount: null });
    expect(given.refundGaveUpAt).not.toBeNull();
    clock.advance(48 * HOUR);
    await refundDue(stripeApp);
    expect((await orderRow(owed.id)).refundAttempts).toBe(5);
    expect(fake.refundedOf(owed.stripePaymentIntentId!)).toBe(0);
    expect((await mailsTo(s.truck.contactEmail!, 'refund-refused', s.event))[0]!.textBody).toContain(
      'the platform’s balance at the payment provider was too low',
    );
    expect(await mailsTo(s.truck.contactEmail!, 'refund-given-up', s.event)).toHaveLength(1);
    const admin = await adminAgent(stripeApp);
    const listed = (await admin.get('/api/admin/refund-failures')).json().failures;
    expect(listed.filter((f: { orderId: number }) => f.orderId === owed.id)).toEqual([
      expect.objectContaining({ kind: 'order', id: owed.id, amount: '62.50', attempts: 5 }),
    ]);
    // The admin tops the balance up and asks for one more try: it is made.
    fake.refuseRefunds = undefined;
    const retried = await admin.post('/api/admin/refund-failures/settle', {
      kind: 'order',
      id: owed.id,
      action: 'retry',
    });
    expect(retried.statusCode).toBe(200);
    expect(await refundDue(stripeApp)).toBe(1);
    expect(await orderRow(owed.id)).toMatchObject({ status: 'refunded', refundedAmount: 6250 });
    expect(fake.refundedOf(owed.stripePaymentIntentId!)).toBe(6250);
  });
});

describe('refunds are limited', () => {
  it('takes at most 20 corrections on one order, however many race, on every round', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await endedEvent();
      const order = await fiveTacos(s);
      const phone = new Agent(second);
      await phone.login(s.truck.username);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => refund(i % 2 ? phone : s.truckAgent, order.id, 1, `Cent ${i}`)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(20);
      expect(codes.filter((c) => c === 409)).toHaveLength(20);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(/20 refunds already/);
      expect(await correctionsOf(order.id)).toHaveLength(20);
      expect((await orderRow(order.id)).correctedAmount).toBe(20);
    }
  });

  it('limits a truck’s refund requests per 10 minutes across its orders, with Retry-After', async () => {
    const s = await endedEvent(limited);
    const orders = [await fiveTacos(s, { on: limited }), await fiveTacos(s, { on: limited })];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => refund(s.truckAgent, orders[i % 2]!.id, 1, `Cent ${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(/Too many refunds were made from your account/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another truck is not affected; this one may refund again once the window has passed.
    const other = await endedEvent(limited);
    expect((await refund(other.truckAgent, (await fiveTacos(other, { on: limited })).id, 1)).statusCode).toBe(
      200,
    );
    clock.advance(10 * 60 * 1000 + 1000);
    expect((await refund(s.truckAgent, orders[0]!.id, 1)).statusCode).toBe(200);
  });
});

describe('a payout run whose instance died', () => {
  it('is taken over within 15 seconds, still one transfer; a live instance keeps its claim by its heartbeat', async () => {
    const s = await endedEvent();
    await fiveTacos(s);
    const truckAccount = await onboard(s.truckAgent);
    await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));

    // The first instance's transfer is slow: while it waits, its heartbeat keeps the claim.
    const gateway = app.ctx.payouts as SimulatorPayoutGateway;
    const original = gateway.createTransfer.bind(gateway);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    gateway.createTransfer = async (input) => {
      calls++;
      await held;
      return original(input);
    };
    const claimOf = async () => {
      const [row] = await database.db
        .select()
        .from(payouts)
        .where(and(eq(payouts.eventId, s.event.id), eq(payouts.party, 'truck')));
      return row!;
    };
    const slow = settle(app);
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(1);
    clock.advance(6_000);
    await expect
      .poll(async () => (await claimOf()).claimedAt?.getTime(), { timeout: 10_000 })
      .toBe(clock.now().getTime());
    clock.advance(6_000); // 12 s after the claim, 6 s after its renewal: still the first instance's
    await settle(second);
    expect(await simulator().transfersTo(truckAccount)).toHaveLength(0);
    release();
    await slow;
    gateway.createTransfer = original;
    expect(await simulator().transfersTo(truckAccount)).toHaveLength(1);
  });

  it('is taken over by the other instance 15 seconds after it died, with the same transfer', async () => {
    const s = await endedEvent();
    await fiveTacos(s);
    const truckAccount = await onboard(s.truckAgent);
    await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    const gateway = app.ctx.payouts as SimulatorPayoutGateway;
    const original = gateway.createTransfer.bind(gateway);
    gateway.createTransfer = async (input) => {
      await original(input);
      throw new Error('process killed');
    };
    try {
      await settle(app);
    } finally {
      gateway.createTransfer = original;
    }
    expect(await simulator().transfersTo(truckAccount)).toHaveLength(1);
    clock.advance(5_000);
    await settle(second); // its claim is still live
    const [waiting] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, s.event.id), eq(payouts.party, 'truck')));
    expect(waiting!.transferId).toBeNull();
    clock.advance(10_000); // 15 s after the death
    await settle(second);
    const transfers = await simulator().transfersTo(truckAccount);
    expect(transfers).toHaveLength(1);
    const [paid] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, s.event.id), eq(payouts.party, 'truck')));
    expect(paid).toMatchObject({ transferId: transfers[0]!.id, transferredAmount: 5000 });
  });
});
