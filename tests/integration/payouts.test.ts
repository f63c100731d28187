import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import {
  outbox,
  payoutAccounts,
  payouts,
  pendingOrders,
  simulatorTransfers,
} from '../../src/server/db/schema';
import { refundDueOrders } from '../../src/server/orders/refund-due-orders';
import { PAYOUT_LEASE_MS, settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { chargedOrder, refundOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let second: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  // A second instance on the same database, as behind a load balancer.
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
const refundDue = (on = app) => refundDueOrders({ ...on.ctx, log: on.log });

/**
 * A truck and an organizer with an event that ended yesterday: a $10.00 taco and a $4.50 drink at
 * 20% markup, so a diner pays $12.50 and $5.63 (each with the 5% fee, rounded once).
 */
async function endedEvent(options: { markup?: number; status?: 'closed' | 'confirmed' } = {}) {
  const organizer = await createUser(database.db, { contactEmail: 'olivia@example.com' });
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const drink = await createMenuItem(database.db, { foodTruckId: truck.id, price: 450 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: -1,
    status: options.status ?? 'closed',
    minimumSales: 2000,
    priceMarkupPercentage: options.markup ?? 2000,
  });
  const truckAgent = new Agent(app);
  await truckAgent.login(truck.username);
  const organizerAgent = new Agent(app);
  await organizerAgent.login(organizer.username);
  return { organizer, truck, taco, drink, event, truckAgent, organizerAgent };
}

/** The simulator's hosted onboarding, as a person clicks through it. */
async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  expect(started.statusCode).toBe(200);
  const url = new URL(started.json().url);
  expect(url.pathname).toBe('/payouts/onboarding/simulator');
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  const page = await agent.get(
    `/api/payouts/simulator/onboarding?account=${link.account}&token=${link.token}`,
  );
  expect(page.json()).toEqual({ valid: true });
  const done = await agent.post('/api/payouts/simulator/onboarding', link);
  expect(done.statusCode).toBe(200);
  expect(done.json().redirectTo).toBe('http://localhost/payouts?onboarding=return');
  return link.account;
}

const line = (
  event: { id: number },
  body: { events: Array<Record<string, unknown> & { eventId: number }> },
) => body.events.find((e) => e.eventId === event.id);

describe('the ledger of an event', () => {
  it('gives the truck its menu prices, the organizer the markup and the platform 5%, less refunds', async () => {
    const { event, taco, drink, truckAgent, organizerAgent } = await endedEvent();
    await chargedOrder(app, event, [
      { menuItemId: taco.id, quantity: 3, baseCents: 1000 },
      { menuItemId: drink.id, quantity: 2, baseCents: 450 },
    ]);
    const refunded = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }]);
    await refundOrder(app, refunded.id, 1250); // one of its two tacos given back

    // Charged: 3 × 12.50 + 2 × 5.63 + 2 × 12.50 = 73.76; refunded 12.50.
    const truckView = (await truckAgent.get('/api/payouts')).json();
    expect(line(event, truckView)).toMatchObject({
      title: event.title,
      gross: '73.76',
      refunds: '12.50',
      platformFee: '2.46', // 0.50 a taco, 0.23 a drink (its 1.13 over the menu price split 1 : 4), 0.50 back
      share: '49.00', // 3 × 10.00 + 2 × 4.50 + 10.00 kept of the refunded order
    });
    const organizerView = (await organizerAgent.get('/api/payouts')).json();
    expect(line(event, organizerView)).toMatchObject({
      gross: '73.76',
      refunds: '12.50',
      platformFee: '2.46',
      share: '9.80', // 2.00 a taco, 0.90 a drink, 2.00 back with the refunded taco
    });
    // Not paid out yet: all of the share is still to come.
    expect(organizerView.totals).toEqual([
      { currency: 'USD', share: '9.80', paid: '0.00', upcoming: '9.80' },
    ]);
    // Every cent is someone's: 49.00 + 9.80 + 2.46 = 73.76 − 12.50.
  });

  it('gives the organizer nothing when the event has no markup', async () => {
    const { event, taco, organizerAgent, truckAgent } = await endedEvent({ markup: 0 });
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
    expect(line(event, (await organizerAgent.get('/api/payouts')).json())).toMatchObject({
      gross: '10.50',
      platformFee: '0.50',
      share: '0.00',
    });
    expect(line(event, (await truckAgent.get('/api/payouts')).json())).toMatchObject({ share: '10.00' });

    // Nothing to pay is settled at once, without an account and without asking for one.
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await settle();
    expect(line(event, (await organizerAgent.get('/api/payouts')).json())).toMatchObject({
      status: 'paid',
      share: '0.00',
      reason: null,
    });
    const [row] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, event.id), eq(payouts.party, 'organizer')));
    expect(row).toMatchObject({ transferId: null, transferredAmount: 0 });
    const asked = await database.db.select().from(outbox).where(eq(outbox.kind, 'payout-waiting'));
    expect(
      asked.filter((m) => m.subject.includes(event.title) && m.recipient === 'olivia@example.com'),
    ).toEqual([]);
  });
});

describe('payout status and settlement', () => {
  it('is pending before the close, blocked without an account, then paid once onboarding is done', async () => {
    const { event, taco, truck, organizer, truckAgent, organizerAgent } = await endedEvent({
      status: 'confirmed',
    });
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 4, baseCents: 1000 }]);

    let view = line(event, (await truckAgent.get('/api/payouts')).json())!;
    expect(view).toMatchObject({
      status: 'pending',
      scheduledFor: null,
      reason: 'No payout account connected yet',
    });

    await app.ctx.db.update((await import('../../src/server/db/schema')).events).set({ status: 'closed' });
    view = line(event, (await truckAgent.get('/api/payouts')).json())!;
    const dueAt = new Date(event.endsAt.getTime() + 72 * HOUR).toISOString();
    expect(view).toMatchObject({
      status: 'blocked',
      scheduledFor: dueAt,
      reason: 'No payout account connected yet',
    });

    // The organizer is connected: their payout is simply scheduled.
    await onboard(organizerAgent);
    expect(line(event, (await organizerAgent.get('/api/payouts')).json())).toMatchObject({
      status: 'scheduled',
      scheduledFor: dueAt,
      reason: null,
    });

    // Nothing goes out before the delay.
    expect(await settle()).toBe(0);
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await settle();
    const organizerPaid = line(event, (await organizerAgent.get('/api/payouts')).json())!;
    expect(organizerPaid).toMatchObject({ status: 'paid', share: '8.00' });
    // The truck is told by mail, once, that its money waits.
    const truckLine = line(event, (await truckAgent.get('/api/payouts')).json())!;
    expect(truckLine).toMatchObject({ status: 'blocked', reason: 'No payout account connected yet' });
    await settle();
    clock.advance(PAYOUT_LEASE_MS + 1000);
    await settle();
    const waiting = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'payout-waiting'), eq(outbox.recipient, truck.contactEmail!)));
    expect(waiting.filter((m) => m.subject.includes(event.title))).toHaveLength(1);

    // Onboarding unblocks it at once: the webhook's update clears the block and the next run pays.
    const account = await onboard(truckAgent);
    await settle();
    const paid = line(event, (await truckAgent.get('/api/payouts')).json())!;
    expect(paid).toMatchObject({ status: 'paid', share: '40.00', reason: null });
    expect(paid.paidAt).toBeTruthy();
    const transfers = await simulator().transfersTo(account);
    expect(transfers).toEqual([
      expect.objectContaining({ amount: 4000, transferGroup: `event:${event.id}`, amountReversed: 0 }),
    ]);
    expect(await simulator().accountBalance(account)).toBe(4000);
    const [organizerAccount] = await database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, organizer.id));
    expect(await simulator().accountBalance(organizerAccount!.accountId)).toBe(800);
    const sent = await database.db.select().from(outbox).where(eq(outbox.kind, 'payout-sent'));
    expect(sent.filter((m) => m.subject === `Payout sent: $8.00 for ${event.title}`)).toHaveLength(1);
  });

  it('reverses the difference, once, when a diner is refunded after settlement', async () => {
    const { event, taco, truckAgent, organizerAgent } = await endedEvent();
    const first = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }]);
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }]);
    const account = await onboard(truckAgent);
    await onboard(organizerAgent);
    clock.set(new Date(event.endsAt.getTime() + 73 * HOUR));
    await settle();
    expect(await simulator().accountBalance(account)).toBe(4000);

    clock.advance(HOUR);
    await refundOrder(app, first.id);
    await Promise.all([settle(), settle(second), settle()]);
    await settle();
    const [transfer] = await simulator().transfersTo(account);
    expect(transfer).toMatchObject({ amount: 4000, amountReversed: 2000 });
    expect(await simulator().accountBalance(account)).toBe(2000);
    expect(line(event, (await truckAgent.get('/api/payouts')).json())).toMatchObject({
      status: 'paid',
      gross: '50.00',
      refunds: '25.00',
      share: '20.00',
    });
    const [organizerRow] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, event.id), eq(payouts.party, 'organizer')));
    expect(organizerRow).toMatchObject({
      transferredAmount: 800,
      reversedAmount: 400,
      plannedReversal: null,
    });
  });
});

describe('a charge owed back', () => {
  it('takes it back from a paid payout once the provider made the refund, never while it may be refused', async () => {
    const { event, taco, truckAgent, organizerAgent } = await endedEvent();
    const owed = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 3, baseCents: 1000 }]);
    const account = await onboard(truckAgent);
    await onboard(organizerAgent);
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await settle();
    expect(await simulator().accountBalance(account)).toBe(4000);

    // The money engine marks the charge to be refunded (its refund task has not run yet).
    clock.advance(HOUR);
    await database.db
      .update(pendingOrders)
      .set({ refundDueAt: new Date(clock.now().getTime() + HOUR), refundReason: 'test' })
      .where(eq(pendingOrders.id, owed.id));
    await settle();
    await settle();
    // The refund is not made yet, and the provider may still refuse it (decision 213): nothing reversed.
    expect(await simulator().accountBalance(account)).toBe(4000);
    clock.advance(HOUR + 1000);
    expect(await refundDue()).toBe(1);
    await settle();
    await settle();
    expect(await simulator().accountBalance(account)).toBe(3000);
    expect(line(event, (await truckAgent.get('/api/payouts')).json())).toMatchObject({
      refunds: '12.50',
      share: '30.00',
      status: 'paid',
    });
  });
});

describe('the sweep goes by what is due, not by the clock', () => {
  it('reverses a refund stamped before the last check (another instance’s clock behind), and leaves settled payouts alone', async () => {
    const { event, taco, truckAgent, organizerAgent } = await endedEvent();
    const owed = await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 3, baseCents: 1000 }]);
    const account = await onboard(truckAgent);
    await onboard(organizerAgent);
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await settle();
    expect(await simulator().accountBalance(account)).toBe(4000);

    // Settled: another pass claims neither payout (their attempts stay as they are).
    const attemptsOf = async () =>
      (await database.db.select().from(payouts).where(eq(payouts.eventId, event.id)))
        .map((p) => p.attempts)
        .sort();
    const before = await attemptsOf();
    await settle();
    expect(await attemptsOf()).toEqual(before);

    // A refund owed, stamped an hour before the settlement by a clock that runs behind.
    await database.db
      .update(pendingOrders)
      .set({ refundDueAt: new Date(clock.now().getTime() - HOUR), refundReason: 'test' })
      .where(eq(pendingOrders.id, owed.id));
    expect(await refundDue()).toBe(1);
    await settle();
    expect(await simulator().accountBalance(account)).toBe(3000);
    await settle();
    expect(await simulator().accountBalance(account)).toBe(3000);
  });
});

describe('exactly once', () => {
  it('sends one transfer per party when two instances settle the same events at once', async () => {
    const setups = [];
    for (let i = 0; i < 4; i++) {
      const s = await endedEvent();
      await chargedOrder(app, s.event, [{ menuItemId: s.taco.id, quantity: i + 1, baseCents: 1000 }]);
      await onboard(s.truckAgent);
      await onboard(s.organizerAgent);
      setups.push(s);
    }
    clock.set(new Date(setups[0]!.event.endsAt.getTime() + 72 * HOUR));
    await Promise.all([
      settle(app),
      settle(second),
      settle(app),
      settle(second),
      settle(app),
      settle(second),
    ]);
    for (const [i, s] of setups.entries()) {
      const rows = await database.db
        .select()
        .from(simulatorTransfers)
        .where(eq(simulatorTransfers.transferGroup, `event:${s.event.id}`));
      expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([200 * (i + 1), 1000 * (i + 1)]);
    }
  });

  it('replays the same transfer when an instance dies between sending and recording it', async () => {
    const { event, taco, truckAgent, organizerAgent } = await endedEvent();
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 5, baseCents: 1000 }]);
    const account = await onboard(truckAgent);
    await onboard(organizerAgent);
    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));

    // The first instance's transfers reach the provider, then the process dies before it records them.
    const gateway = simulator(app);
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
    const [claimed] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, event.id), eq(payouts.party, 'truck')));
    expect(claimed).toMatchObject({ transferId: null, plannedAmount: 5000, paidAt: null });
    expect(claimed!.claimedAt).not.toBeNull();

    // The other instance leaves the dead one's claim alone until its lease lapses…
    await settle(second);
    expect((await simulator().transfersTo(account)).length).toBe(1);
    expect(line(event, (await truckAgent.get('/api/payouts')).json())!.status).toBe('scheduled');

    // …then takes it over and gets the same transfer back from the provider: still one transfer.
    clock.advance(PAYOUT_LEASE_MS + 1000);
    await settle(second);
    const transfers = await simulator().transfersTo(account);
    expect(transfers).toHaveLength(1);
    const [recorded] = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.eventId, event.id), eq(payouts.party, 'truck')));
    expect(recorded).toMatchObject({ transferId: transfers[0]!.id, transferredAmount: 5000 });
    expect(line(event, (await truckAgent.get('/api/payouts')).json())!.status).toBe('paid');
  });
});

describe('the money page API', () => {
  it('answers only trucks and organizers, each with their own events', async () => {
    const { event, taco } = await endedEvent();
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
    expect((await new Agent(app).get('/api/payouts')).statusCode).toBe(401);
    expect((await new Agent(app).post('/api/payouts/account/onboarding')).statusCode).toBe(401);
    const admin = await createUser(database.db, { role: 'admin' });
    const adminAgent = new Agent(app);
    await adminAgent.login(admin.username);
    expect((await adminAgent.get('/api/payouts')).statusCode).toBe(403);
    expect((await adminAgent.post('/api/payouts/account/onboarding')).statusCode).toBe(403);

    const other = await createTruck(database.db);
    const otherAgent = new Agent(app);
    await otherAgent.login(other.username);
    const body = (await otherAgent.get('/api/payouts')).json();
    expect(body).toEqual({
      party: 'truck',
      payoutDelayHours: 72,
      events: [],
      nextCursor: null,
      totals: [],
    });
  });

  it('exports the statement as CSV, with titles that cannot run as formulas', async () => {
    const { event, taco, truckAgent } = await endedEvent();
    await app.ctx.db
      .update((await import('../../src/server/db/schema')).events)
      .set({ title: '=HYPERLINK("x"), "Fun" night' })
      .where(eq((await import('../../src/server/db/schema')).events.id, event.id));
    await chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 2, baseCents: 1000 }]);
    const res = await truckAgent.get('/api/payouts/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payouts-2026-11-21.csv"');
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      '"Event","Date","Gross","Refunds","Platform fee","Sales tax","Tips","Your share","Status","Scheduled for","Paid at","Note","Gifts","Promo code discounts","Host guarantee","Currency"',
    );
    expect(rows[1]).toContain(
      `"'=HYPERLINK(""x""), ""Fun"" night","${event.date}","25.00","0.00","1.00","0.00","0.00","20.00","blocked",`,
    );
    expect(rows.at(-1)).toBe(
      '"Total","","25.00","0.00","1.00","0.00","0.00","20.00","","","","","0.00","0.00","0.00","USD"',
    );
  });

  it('refuses a forged or reused onboarding link, and sends an expired one back to make a new link', async () => {
    const { truckAgent } = await endedEvent();
    const url = new URL((await truckAgent.post('/api/payouts/account/onboarding')).json().url);
    const account = url.searchParams.get('account')!;
    const forged = await truckAgent.post('/api/payouts/simulator/onboarding', { account, token: 'nope' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(
      'This onboarding link is no longer valid. Start again from your money page.',
    );
    expect(
      (await truckAgent.post('/api/payouts/simulator/onboarding', { account, token: '' })).statusCode,
    ).toBe(400);
    clock.advance(10 * 60 * 1000);
    const expired = await truckAgent.post('/api/payouts/simulator/onboarding', {
      account,
      token: url.searchParams.get('token')!,
    });
    // Back to the money page, whose button asks for a new link by POST: arriving there changes nothing.
    expect(expired.json()).toEqual({ redirectTo: 'http://localhost/payouts?onboarding=refresh' });
    expect((await truckAgent.get('/api/payouts/account')).json()).toMatchObject({ status: 'incomplete' });
    const again = await truckAgent.post('/api/payouts/account/onboarding');
    expect(again.statusCode).toBe(200);
    expect(again.json().url).toMatch(
      /^http:\/\/localhost\/payouts\/onboarding\/simulator\?account=acct_sim_/,
    );
  });
});
