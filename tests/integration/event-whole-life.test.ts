import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALL_OFF_AFTER_END } from '../../src/core/call-off';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { events, outbox, pendingOrders } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { eventRow as readEventRow, liveEvent as createLiveEvent, placeOrder } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * An event's whole life (docs/decisions/127-call-off-by-the-clock.md, 128-moderation-strands-nobody.md):
 * a call-off follows the clock, an admin can call off, a take-down strands no diner, and the records
 * keep every order after the fact.
 */

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const MINUTE = 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const db = () => database.db;
const eventRow = (id: number) => readEventRow(db(), id);

async function reconcile(times = 3) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await (app.ctx.payments as SimulatorGateway).flushEvents();
  }
}

async function signIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

async function orderRows(eventId: number) {
  return db()
    .select()
    .from(pendingOrders)
    .where(eq(pendingOrders.eventId, eventId))
    .orderBy(pendingOrders.id);
}

async function mails(recipients: string[]) {
  return db().select().from(outbox).where(inArray(outbox.recipient, recipients)).orderBy(outbox.id);
}

/**
 * A confirmed event with three charged diners ($10.50 each; the goal is $20 of food), and the clock
 * `minutesIn` after its start.
 */
async function eventUnderWay(minutesIn = 10) {
  const { event, taco, truck, organizer } = await createLiveEvent(db(), clock.now(), { minimumSales: 2000 });
  const diners = [];
  for (const name of ['ana', 'ben', 'cy']) {
    const agent = new Agent(app);
    const email = `${name}-${event.id}@example.com`;
    const { created } = await placeOrder(agent, event.id, taco.id, 1, undefined, email);
    diners.push({ agent, email, orderId: created.orderId as number });
  }
  await reconcile();
  expect((await eventRow(event.id)).status).toBe('confirmed');
  const started = await eventRow(event.id);
  clock.set(new Date(started.startsAt.getTime() + minutesIn * MINUTE));
  return { event: started, taco, truck, organizer, diners };
}

describe('a call-off by the clock', () => {
  it('cuts an event short after its start: collected orders stay charged and the truck is paid for them', async () => {
    const { event, truck, organizer, diners } = await eventUnderWay();
    const [ana, ben, cy] = diners as [(typeof diners)[0], (typeof diners)[0], (typeof diners)[0]];
    const truckAgent = await signIn(truck);
    const day = () => truckAgent.get(`/api/bookings/${event.id}/orders`).then((r) => r.json());
    expect(await day()).toMatchObject({ handoverOpen: true });
    const collected = await truckAgent.post(`/api/orders/${ana.orderId}/fulfilment`, { state: 'collected' });
    expect(collected.statusCode).toBe(200);

    const organizerAgent = await signIn(organizer);
    const callOff = await organizerAgent.post(`/api/events/${event.id}/cancel`, { reason: 'Generator died' });
    expect(callOff.statusCode).toBe(200);
    expect(callOff.json()).toMatchObject({
      status: 'closed',
      cancelledBy: 'organizer',
      cancelNote: 'Generator died',
    });
    expect(callOff.json().cutShortAt).toBe(clock.now().toISOString());
    // The truck's window screen stops offering Ready and Collected.
    expect(await day()).toMatchObject({ handoverOpen: false });
    await reconcile();

    const orders = await orderRows(event.id);
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(ana.orderId)).toMatchObject({
      status: 'charged',
      fulfilment: 'collected',
      refundDueAt: null,
    });
    expect(byId.get(ben.orderId)).toMatchObject({ status: 'refunded', refundedAmount: 1050 });
    expect(byId.get(cy.orderId)).toMatchObject({ status: 'refunded', refundedAmount: 1050 });
    // Only what was collected still counts: $10 of food.
    expect((await eventRow(event.id)).currentSales).toBe(1000);

    // Everyone hears what happened, who did it and why.
    const dinerMails = await mails(diners.map((d) => d.email));
    const kept = dinerMails.filter((m) => m.recipient === ana.email && m.kind === 'order-kept');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.subject).toBe(`${event.title} ended early`);
    expect(kept[0]!.textBody).toContain(
      `"${event.title}" was cut short by the organizer after it started: "Generator died"`,
    );
    expect(kept[0]!.textBody).toContain('stays paid ($10.50)');
    for (const diner of [ben, cy]) {
      const refunded = dinerMails.filter((m) => m.recipient === diner.email && m.kind === 'order-refunded');
      expect(refunded).toHaveLength(1);
      expect(refunded[0]!.textBody).toContain(
        'was cut short by the organizer after it started: "Generator died"',
      );
      expect(refunded[0]!.textBody).toContain('We have refunded $10.50');
    }
    const parties = await mails([organizer.contactEmail!, truck.contactEmail!]);
    const cutShort = parties.filter((m) => m.kind === 'event-cut-short' && m.subject.includes(event.title));
    expect(cutShort.map((m) => m.recipient).sort()).toEqual(
      [organizer.contactEmail, truck.contactEmail].sort(),
    );
    expect(cutShort[0]!.textBody).toContain('The reason given: "Generator died"');

    // The diner who collected keeps the pickup code; those refunded no longer have one.
    const anaOrders = (await ana.agent.get(`/api/events/${event.id}/pending-orders`)).json();
    expect(anaOrders[0]).toMatchObject({ status: 'charged', fulfilment: 'collected' });
    expect(anaOrders[0].pickupCode).not.toBeNull();

    // The truck's payout is the collected food, not $0: the event closed with it.
    clock.set(new Date(event.endsAt.getTime() + 3 * 24 * 60 * MINUTE));
    const statement = (await truckAgent.get('/api/payouts')).json();
    const line = statement.events.find((e: { eventId: number }) => e.eventId === event.id);
    // What diners paid, what went back, and the truck's share: the food it handed over.
    expect(line).toMatchObject({ gross: '31.50', refunds: '21.00', share: '10.00' });
    // Waiting only for the truck to set up its payout account, not blocked by the call-off.
    expect(line.reason).not.toBe('The event was called off and its diners refunded');
    expect(line.reason).toMatch(/payout account|payouts/i);

    // The organizer's records keep all three orders, with what became of their money.
    const table = (await organizerAgent.get(`/api/events/${event.id}/orders`)).json();
    expect(table.orders).toHaveLength(3);
    expect(table.orders.map((o: { payment: string }) => o.payment).sort()).toEqual([
      'Charged',
      'Refunded in full',
      'Refunded in full',
    ]);
    expect(table.totals).toMatchObject({ foodSales: '10.00', orderCount: 1 });
    const csv = (await organizerAgent.get(`/api/events/${event.id}/orders.csv`)).body;
    expect(csv.split('\n').filter((l) => l.includes('Refunded in full'))).toHaveLength(2);
  });

  it('cancels outright before the start, and refuses after the end', async () => {
    const before = await eventUnderWay(-30);
    const organizerAgent = await signIn(before.organizer);
    const res = await organizerAgent.post(`/api/events/${before.event.id}/cancel`, { reason: 'Storm' });
    expect(res.json()).toMatchObject({ status: 'cancelled', cutShortAt: null });
    await reconcile();
    expect((await orderRows(before.event.id)).map((o) => o.status)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);

    const after = await eventUnderWay(4 * 60); // the demo event runs 18:00 to 21:00
    const late = await (await signIn(after.organizer)).post(`/api/events/${after.event.id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CALL_OFF_AFTER_END);
    expect((await eventRow(after.event.id)).status).toBe('confirmed');
  });

  it('never refunds a collected order nor hands over a refunded one, when Collected races the call-off', async () => {
    const outcomes = { collectedFirst: 0, calledOffFirst: 0 };
    for (let round = 0; round < 6; round++) {
      const { event, truck, organizer, diners } = await eventUnderWay();
      const [truckAgent, organizerAgent] = await Promise.all([signIn(truck), signIn(organizer)]);
      const target = diners[0]!.orderId;
      const [collect, callOff] = await Promise.all([
        truckAgent.post(`/api/orders/${target}/fulfilment`, { state: 'collected' }),
        organizerAgent.post(`/api/events/${event.id}/cancel`, { reason: `Round ${round}` }),
      ]);
      expect(callOff.statusCode).toBe(200);
      await reconcile();
      const order = (await orderRows(event.id)).find((o) => o.id === target)!;
      if (collect.statusCode === 200) {
        outcomes.collectedFirst++;
        expect(order).toMatchObject({ status: 'charged', fulfilment: 'collected', refundDueAt: null });
        expect((await eventRow(event.id)).currentSales).toBe(1000);
      } else {
        outcomes.calledOffFirst++;
        expect(collect.statusCode).toBe(409);
        expect(order.status).toBe('refunded');
        expect(order.fulfilment).toBeNull();
        expect((await eventRow(event.id)).currentSales).toBe(0);
      }
    }
    expect(outcomes.collectedFirst + outcomes.calledOffFirst).toBe(6);
    // Six whole events, each set up, raced and reconciled: about 5 s a round on a busy 2-core machine.
  }, 120_000);
});

describe('an admin', () => {
  async function admin() {
    const user = await createUser(db(), {
      username: `adm_${Math.random().toString(36).slice(2, 8)}`,
      role: 'admin',
    });
    return signIn(user);
  }

  it('calls an event off with a reason everyone is told, and only an admin may', async () => {
    const { event, taco, organizer, truck } = await createLiveEvent(db(), clock.now(), {
      minimumSales: 5000,
    });
    const diner = new Agent(app);
    const email = `held-${event.id}@example.com`;
    const { created } = await placeOrder(diner, event.id, taco.id, 1, undefined, email);

    const organizerAgent = await signIn(organizer);
    const notAdmin = await organizerAgent.post(`/api/admin/events/${event.id}/cancel`, { reason: 'Fraud' });
    expect(notAdmin.statusCode).toBe(403);
    const anonymous = await new Agent(app).post(`/api/admin/events/${event.id}/cancel`, { reason: 'Fraud' });
    expect(anonymous.statusCode).toBe(401);

    const adminAgent = await admin();
    const noReason = await adminAgent.post(`/api/admin/events/${event.id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('Say why the event is called off');

    const res = await adminAgent.post(`/api/admin/events/${event.id}/cancel`, {
      reason: 'Not a real fundraiser',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelNote: 'Not a real fundraiser',
    });
    await reconcile();
    const [order] = await orderRows(event.id);
    expect(order!.id).toBe(created.orderId);
    expect(order!.status).toBe('cancelled');

    const told = await mails([email, organizer.contactEmail!, truck.contactEmail!]);
    const dinerMail = told.find((m) => m.recipient === email && m.kind === 'event-cancelled');
    expect(dinerMail?.textBody).toContain(
      `"${event.title}" was cancelled by Food Truck Fund: "Not a real fundraiser"`,
    );
    for (const party of [organizer.contactEmail!, truck.contactEmail!]) {
      const mail = told.find(
        (m) => m.recipient === party && m.kind === 'event-called-off' && m.subject.includes(event.title),
      );
      expect(mail?.textBody).toContain('was cancelled by Food Truck Fund.');
      expect(mail?.textBody).toContain('The reason given: "Not a real fundraiser"');
    }
    // The diner's page says who called it off.
    const page = (await diner.get(`/api/events/${event.id}`)).json();
    expect(page).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelNote: 'Not a real fundraiser',
    });
  });

  it('takes an event down without stranding its diners, and tells its organizer and truck why', async () => {
    const { event, taco, organizer, truck } = await createLiveEvent(db(), clock.now(), {
      minimumSales: 5000,
    });
    const diner = new Agent(app);
    const { created } = await placeOrder(
      diner,
      event.id,
      taco.id,
      1,
      undefined,
      `kept-${event.id}@example.com`,
    );
    const receipt = await db().select().from(outbox).where(eq(outbox.kind, 'order-received'));
    const link = receipt
      .map((m) => m.textBody.match(/\/events\/public\/(\d+)\?order=(\d+)&token=([\w-]+)/))
      .find((m) => m && Number(m[2]) === created.orderId);
    expect(link).toBeTruthy();
    const [, , , token] = link!;

    const adminAgent = await admin();
    const noReason = await adminAgent.post(`/api/admin/events/${event.id}/hidden`, { hidden: true });
    expect(noReason.statusCode).toBe(400);
    const hide = await adminAgent.post(`/api/admin/events/${event.id}/hidden`, {
      hidden: true,
      reason: 'Misleading cause',
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ hidden: true, hiddenReason: 'Misleading cause' });

    // Gone for the public…
    expect((await new Agent(app).get(`/api/events/${event.id}`)).statusCode).toBe(404);
    // …but the diner's browser and their receipt link on another device still see it, and their order.
    expect((await diner.get(`/api/events/${event.id}`)).statusCode).toBe(200);
    const mine = (await diner.get(`/api/events/${event.id}/pending-orders`)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].pickupCode).not.toBeNull();
    const elsewhere = new Agent(app);
    const viaLink = await elsewhere.get(`/api/events/${event.id}?order=${created.orderId}&token=${token}`);
    expect(viaLink.statusCode).toBe(200);
    const forged = await elsewhere.get(`/api/events/${event.id}?order=${created.orderId}&token=x${token}`);
    expect(forged.statusCode).toBe(404);
    // New orders are refused; the diner may still cancel (the goal is not reached).
    const order2 = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: 10.5, name: 'Taco' }],
      customerName: 'New',
      customerEmail: 'new@example.com',
      amount: 1050,
      markupPercentage: 0,
      platformFeePercentage: 5,
    });
    expect(order2.statusCode).toBe(404);
    const cancel = await diner.post(`/api/events/${event.id}/cancel-payment`, { orderId: created.orderId });
    expect([200, 202]).toContain(cancel.statusCode);

    // The organizer and the truck are told why, once.
    const told = await mails([organizer.contactEmail!, truck.contactEmail!]);
    const takenDown = told.filter((m) => m.kind === 'event-taken-down' && m.subject.includes(event.title));
    expect(takenDown).toHaveLength(2);
    expect(takenDown[0]!.textBody).toContain('"Misleading cause"');
    expect(takenDown[0]!.textBody).toContain('Diners who already ordered keep their orders');
    // The organizer's own list shows why.
    const own = (await (await signIn(organizer)).get(`/api/events/organizer/${organizer.id}`)).json().events;
    expect(own.find((e: { id: number }) => e.id === event.id)).toMatchObject({
      hiddenReason: 'Misleading cause',
    });

    // Admins find it among the events taken down.
    const list = (await adminAgent.get('/api/admin/events?hidden=true')).json();
    expect(list.events.map((e: { id: number }) => e.id)).toContain(event.id);
    const shown = await adminAgent.post(`/api/admin/events/${event.id}/hidden`, { hidden: false });
    expect(shown.json()).toMatchObject({ hidden: false, hiddenReason: null });
    expect((await mails([organizer.contactEmail!])).filter((m) => m.kind === 'event-restored')).toHaveLength(
      1,
    );
    expect((await db().select().from(events).where(eq(events.id, event.id)))[0]!.hidden).toBe(false);
  });
});
