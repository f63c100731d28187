import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { orderRefunds, outbox, payouts, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { applyRefundUpdate } from '../../src/server/orders/refund-due-orders';
import { refundCorrections } from '../../src/server/orders/refund-corrections';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { FakeStripe } from '../support/fake-stripe';
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

const refund = (
  agent: Agent,
  orderId: number,
  amountCents: unknown,
  reason: unknown = 'One taco was missing',
) => agent.post(`/api/orders/${orderId}/refunds`, { amountCents, reason });

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
    await database.db
      .update(pendingOrders)
      .set({ status: 'confirmed' })
      .where(eq(pendingOrders.id, order.id));
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
    expect(first.json().correction).toMatchObject({
      amount: '12.50',
      reason: 'One taco was missing',
      state: 'pending',
    });
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

    // The organizer's orders CSV and the truck's bookings CSV show the refunds.
    const ordersCsv = (await s.organizerAgent.get(`/api/events/${s.event.id}/orders.csv`)).body as string;
    expect(ordersCsv).toContain(
      '"charged","Refunded in full","","50.00","0.00","0.00","62.50","62.50","12.50: One taco was missing; 50.00: Closed early, no food served"',
    );
    const bookingsCsv = (await s.truckAgent.get('/api/bookings/export.csv')).body as string;
    // One order, $62.50 refunded by the truck.
    expect(bookingsCsv.split('\r\n').find((l) => l.startsWith(`"${s.event.title}"`))).toMatch(/,1,"62\.50",/);
  });

  it('never refunds more than was charged when many refunds race, on every round', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await endedEvent();
      const order = await fiveTacos(s); // 6250
      const phone = new Agent(app);
      await phone.login(s.truck.username);
      // 20 requests of $5.00 at once from two phones: only 12 fit into $62.50.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          refund(i % 2 ? phone : s.truckAgent, order.id, 500, `Part ${i}`),
        ),
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

describe('exactly once at the provider', () => {
  it('replays the same refund when the instance dies after the provider made it', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    expect((await refund(s.truckAgent, order.id, 625, 'Half a taco')).statusCode).toBe(200);
    const gateway = app.ctx.payments;
    const original = gateway.refundPaymentIntent.bind(gateway);
    const keys: string[] = [];
    gateway.refundPaymentIntent = async (input) => {
      keys.push(input.idempotencyKey);
      await original(input);
      throw new Error('process killed');
    };
    try {
      await sendRefunds();
    } finally {
      gateway.refundPaymentIntent = original;
    }
    expect(await intentRefunded(order.id)).toBe(625);
    // The claim lapses; the next run asks again under the same key and gets the same refund back.
    clock.advance(10 * 60 * 1000);
    await sendRefunds(second);
    await sendRefunds();
    expect(await intentRefunded(order.id)).toBe(625);
    const [row] = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row!.refundedAt).not.toBeNull();
    expect(keys).toEqual([`correction:${row!.id}`]);
  });

  it('owes a correction again when the provider reports its refund failed, never the whole order', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    const made = await refund(s.truckAgent, order.id, 1250, 'One taco was missing');
    const correctionId = made.json().correction.id as number;
    // The provider's "failed" news arrives before the task recorded the refund's id.
    const failed = {
      object: 'refund' as const,
      id: 're_failed_1',
      paymentIntent: order.stripePaymentIntentId!,
      amount: 1250,
      status: 'failed' as const,
      metadata: { orderId: String(order.id), correctionId: String(correctionId) },
    };
    await applyRefundUpdate({ ...app.ctx, log: app.log }, failed);
    await applyRefundUpdate({ ...app.ctx, log: app.log }, failed); // redelivered: counted once
    const [row] = await database.db.select().from(orderRefunds).where(eq(orderRefunds.id, correctionId));
    expect(row).toMatchObject({ attempts: 1, refundedAt: null, failure: expect.stringMatching(/failed/) });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'charged',
      refundDueAt: null,
      correctedAmount: 1250,
    });
    const day = (await s.truckAgent.get(`/api/bookings/${s.event.id}/orders`)).json();
    expect(day.orders.find((o: { id: number }) => o.id === order.id).corrections[0].state).toBe('failed');

    await sendRefunds(); // not due yet: it waits an hour
    expect(await intentRefunded(order.id)).toBe(0);
    clock.advance(61 * 60 * 1000);
    await sendRefunds();
    expect(await intentRefunded(order.id)).toBe(1250);
    const [after] = await database.db.select().from(orderRefunds).where(eq(orderRefunds.id, correctionId));
    expect(after!.refundedAt).not.toBeNull();
  });

  it('refunds only the rest when the whole order is owed back after a correction', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    expect((await refund(s.truckAgent, order.id, 1250, 'One taco was missing')).statusCode).toBe(200);
    // The engine owes the whole order back (as a call-off does) before the correction was sent.
    await database.db
      .update(pendingOrders)
      .set({ refundDueAt: clock.now(), refundReason: 'event cancelled' })
      .where(eq(pendingOrders.id, order.id));
    const more = await refund(s.truckAgent, order.id, 100);
    expect(more.json().message).toBe('This order is already refunded in full');
    await app.ctx.reconciler.runOnce();
    await app.ctx.reconciler.runOnce();
    expect(await intentRefunded(order.id)).toBe(6250);
    // Both refunds were made: the rest by the engine, the correction by its own row.
    const [row] = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row!.refundedAt).not.toBeNull();
    expect(await orderRow(order.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: 6250,
      correctedAmount: 1250,
    });
  });
});

describe('with Stripe (the fake speaks its protocol)', () => {
  let fake: FakeStripe;
  let stripeApp: FastifyInstance;
  beforeAll(async () => {
    fake = await FakeStripe.start({ now: clock.now });
    stripeApp = await createTestApp(database, {
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
    await stripeApp.close();
    await fake.close();
  });

  it('sends each correction as a refund with its amount and its own key, once', async () => {
    const s = await endedEvent();
    let sequence = 0;
    const order = await chargedOrder(
      stripeApp,
      s.event,
      [{ menuItemId: s.taco.id, quantity: 5, baseCents: 1000 }],
      async (amount) =>
        (
          await stripeApp.ctx.payments.createPaymentIntent({
            amount,
            currency: 'usd',
            captureMethod: 'automatic',
            paymentMethod: 'pm_card_visa',
            confirm: true,
            metadata: { eventId: String(s.event.id) },
            idempotencyKey: `test-stripe-charge:${s.event.id}:${sequence++}`,
          })
        ).id,
    );
    const truck = new Agent(stripeApp);
    await truck.login(s.truck.username);
    for (const amount of [1250, 1250, 3750]) {
      expect((await refund(truck, order.id, amount)).statusCode).toBe(200);
    }
    expect((await refund(truck, order.id, 1)).statusCode).toBe(409);
    const run = () => refundCorrections({ ...stripeApp.ctx, log: stripeApp.log });
    await Promise.all([run(), run()]);
    await run();
    const sent = fake
      .requestsTo('POST', '/v1/refunds')
      .filter((r) => r.params.payment_intent === order.stripePaymentIntentId && !r.replayed);
    expect(sent.map((r) => r.params.amount).sort()).toEqual(['1250', '1250', '3750']);
    expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(sent.every((r) => r.idempotencyKey!.startsWith('correction:'))).toBe(true);
  });
});

describe('the split follows a correction', () => {
  it('lowers the transfer when the refund comes before it, and shows it on the statement', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + 24 * HOUR));
    expect((await refund(s.truckAgent, order.id, 1250)).statusCode).toBe(200);
    await sendRefunds();
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await settle();
    // One taco of five back: the truck keeps 4 × $10.00, the organizer 4 × $2.00, the platform 4 × $0.50.
    expect(await simulator().accountBalance(truckAccount)).toBe(4000);
    expect(await simulator().accountBalance(organizerAccount)).toBe(800);
    const organizerView = (await s.organizerAgent.get('/api/payouts')).json();
    expect(organizerView.events.find((e: { eventId: number }) => e.eventId === s.event.id)).toMatchObject({
      gross: '62.50',
      refunds: '12.50',
      platformFee: '2.00',
      share: '8.00',
      status: 'paid',
    });
    const csv = (await s.organizerAgent.get('/api/payouts/export.csv')).body as string;
    expect(csv).toContain(
      `"${s.event.title}","${s.event.date}","62.50","12.50","2.00","0.00","0.00","8.00","paid"`,
    );
  });

  it('reverses the parties’ shares once when the refund comes after the transfer', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await settle();
    expect(await simulator().accountBalance(truckAccount)).toBe(5000);
    expect(await simulator().accountBalance(organizerAccount)).toBe(1000);

    // Both instances' provider calls are counted: either may make the reversal, never both.
    const reversals: number[] = [];
    const gateways = [simulator(app), simulator(second)];
    const originals = gateways.map((g) => g.createTransferReversal.bind(g));
    gateways.forEach((g, i) => {
      g.createTransferReversal = async (input) => {
        reversals.push(input.amount);
        return originals[i]!(input);
      };
    });
    try {
      clock.advance(HOUR);
      // $3.75 back (a drink's worth): truck 3.00, organizer 0.60, platform 0.15, in proportion.
      expect((await refund(s.truckAgent, order.id, 375, 'Cold fries')).statusCode).toBe(200);
      await Promise.all([sendRefunds(), settle(), settle(second), settle()]);
      await settle();
      await settle(second);
    } finally {
      gateways.forEach((g, i) => (g.createTransferReversal = originals[i]!));
    }
    expect(reversals.sort((a, b) => a - b)).toEqual([60, 300]);
    expect(await simulator().accountBalance(truckAccount)).toBe(4700);
    expect(await simulator().accountBalance(organizerAccount)).toBe(940);
    const rows = await database.db.select().from(payouts).where(eq(payouts.eventId, s.event.id));
    expect(rows.map((r) => [r.party, r.transferredAmount, r.reversedAmount]).sort()).toEqual([
      ['organizer', 1000, 60],
      ['truck', 5000, 300],
    ]);
    const truckView = (await s.truckAgent.get('/api/payouts')).json();
    expect(truckView.events.find((e: { eventId: number }) => e.eventId === s.event.id)).toMatchObject({
      refunds: '3.75',
      share: '47.00',
    });
  });

  it('comes out exact when a refund lands between the transfer’s plan and its sending', async () => {
    const s = await endedEvent();
    const order = await fiveTacos(s);
    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    const gateway = simulator();
    const original = gateway.createTransfer.bind(gateway);
    let corrected = false;
    gateway.createTransfer = async (input) => {
      if (!corrected) {
        corrected = true;
        expect((await refund(s.truckAgent, order.id, 2500, 'Two tacos missing')).statusCode).toBe(200);
      }
      return original(input);
    };
    try {
      await settle();
    } finally {
      gateway.createTransfer = original;
    }
    // Nothing is taken back while the refund is not made (the provider may refuse it, decision 213)…
    await settle();
    expect(await simulator().accountBalance(truckAccount)).toBe(5000);
    // …and once it is, the reversals take back the two tacos' shares.
    await sendRefunds();
    await settle();
    // The transfers went out as planned ($50.00, $10.00); the reversals take back the two tacos' shares.
    expect(await simulator().accountBalance(truckAccount)).toBe(3000);
    expect(await simulator().accountBalance(organizerAccount)).toBe(600);
  });

  it('comes out exact when refunds and payouts race freely, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await endedEvent();
      const order = await fiveTacos(s);
      const truckAccount = await onboard(s.truckAgent);
      const organizerAccount = await onboard(s.organizerAgent);
      clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
      const amounts = [1250, 625, 1];
      await Promise.all([
        settle(),
        ...amounts.map((a) => refund(s.truckAgent, order.id, a, `Round ${round}`)),
        settle(second),
        sendRefunds(second),
      ]);
      await sendRefunds();
      await settle();
      await settle(second);
      // 1876 back of 6250: in proportion food 1500.8 → the ledger's exact shares, whatever the order.
      const view = (await s.truckAgent.get('/api/payouts')).json();
      const truckLine = view.events.find((e: { eventId: number }) => e.eventId === s.event.id);
      const organizerLine = (await s.organizerAgent.get('/api/payouts'))
        .json()
        .events.find((e: { eventId: number }) => e.eventId === s.event.id);
      const truckShare = Math.round(Number(truckLine.share) * 100);
      const organizerShare = Math.round(Number(organizerLine.share) * 100);
      const fee = Math.round(Number(truckLine.platformFee) * 100);
      expect(truckShare + organizerShare + fee).toBe(6250 - 1876);
      expect(await simulator().accountBalance(truckAccount)).toBe(truckShare);
      expect(await simulator().accountBalance(organizerAccount)).toBe(organizerShare);
      expect(await intentRefunded(order.id)).toBe(1876);
    }
  });
});

describe('handing orders over', () => {
  async function upcoming() {
    const s = await endedEvent({ daysAhead: 3, status: 'confirmed' });
    const order = await fiveTacos(s);
    return { ...s, order };
  }
  const mark = (s: Awaited<ReturnType<typeof upcoming>>, state: string) =>
    s.truckAgent.post(`/api/orders/${s.order.id}/fulfilment`, { state });

  it('refuses Ready and Collected more than 2 hours before the start', async () => {
    const s = await upcoming();
    const early = await mark(s, 'collected');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Orders can be marked ready or collected from 2 hours before the event starts',
    );
    clock.set(new Date(s.event.startsAt.getTime() - 2 * HOUR - 60_000));
    expect((await mark(s, 'ready')).statusCode).toBe(409);
    expect((await orderRow(s.order.id)).fulfilment).toBeNull();
    clock.set(new Date(s.event.startsAt.getTime() - 2 * HOUR));
    expect((await mark(s, 'ready')).json().fulfilment).toBe('ready');
    expect((await mark(s, 'collected')).json().fulfilment).toBe('collected');
  });

  it('lets the truck undo Collected until the end, and not after', async () => {
    const s = await upcoming();
    clock.set(new Date(s.event.startsAt.getTime() + HOUR));
    expect((await mark(s, 'collected')).statusCode).toBe(200);
    const other = await createTruck(database.db);
    const otherAgent = new Agent(app);
    await otherAgent.login(other.username);
    expect((await otherAgent.delete(`/api/orders/${s.order.id}/fulfilment/collected`)).statusCode).toBe(403);
    const undone = await s.truckAgent.delete(`/api/orders/${s.order.id}/fulfilment/collected`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().fulfilment).toBeNull();
    expect((await orderRow(s.order.id)).collectedAt).toBeNull();
    const again = await s.truckAgent.delete(`/api/orders/${s.order.id}/fulfilment/collected`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is not marked collected');

    expect((await mark(s, 'collected')).statusCode).toBe(200);
    clock.set(s.event.endsAt);
    const late = await s.truckAgent.delete(`/api/orders/${s.order.id}/fulfilment/collected`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The event has ended: a collected order can no longer be undone');
    expect((await orderRow(s.order.id)).fulfilment).toBe('collected');
  });
});
