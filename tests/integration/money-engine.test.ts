import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders, statusTransitions } from '../../src/server/db/schema';
import {
  confirmCard,
  eventRow as readEventRow,
  liveEvent as createLiveEvent,
  orderBody,
  ordersWithIntents,
  placeOrder,
} from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const liveEvent = (overrides: Parameters<typeof createLiveEvent>[2] = {}) =>
  createLiveEvent(database.db, clock.now(), overrides);
const eventRow = (id: number) => readEventRow(database.db, id);
const simulator = () => app.ctx.payments as SimulatorGateway;

/** Runs the reconciler until the simulator's background events are handled too. */
async function reconcile(times = 2) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await simulator().flushEvents();
  }
}

/** The engine's invariant: once settled, the order's status is what the provider says happened. */
function expectAgreement(orders: Awaited<ReturnType<typeof ordersWithIntents>>) {
  for (const o of orders) {
    const money = o.intentStatus === 'succeeded' ? o.totalAmount - Number(o.amountRefunded) : 0;
    if (o.status === 'charged') expect(o.intentStatus).toBe('succeeded');
    if (o.status === 'refunded') expect(Number(o.amountRefunded)).toBe(o.totalAmount);
    if (o.status === 'cancelled') expect(money).toBe(0);
    // Money taken and kept only for an order that says so.
    if (money > 0) expect(o.status).toBe('charged');
  }
}

async function mailsOf(kind: string) {
  return database.db.select().from(outbox).where(eq(outbox.kind, kind));
}

/** A diner confirms their card and cancels at the same moment; `first` says which request leaves first. */
async function race(eventId: number, menuItemId: number, first: 'cancel' | 'confirm') {
  const diner = new Agent(app);
  const created = (
    await diner.post(`/api/events/${eventId}/create-payment-intent`, orderBody(menuItemId, 1, 1050))
  ).json();
  const confirm = () => confirmCard(diner, created.clientSecret);
  const cancel = () => diner.post(`/api/events/${eventId}/cancel-payment`, { orderId: created.orderId });
  if (first === 'cancel') {
    const [c, k] = await Promise.all([cancel(), confirm()]);
    return { cancel: c.statusCode, confirm: k.statusCode };
  }
  const [k, c] = await Promise.all([confirm(), cancel()]);
  return { cancel: c.statusCode, confirm: k.statusCode };
}

describe('cancellation against confirmation', () => {
  it('never leaves a charge behind a cancelled order on a funded event (30 races)', async () => {
    const { event, taco } = await liveEvent({ status: 'confirmed' });
    const races = await Promise.all(
      Array.from({ length: 30 }, (_, i) => race(event.id, taco.id, i % 2 === 0 ? 'cancel' : 'confirm')),
    );
    await reconcile();
    const orders = await ordersWithIntents(database.db, event.id);
    expect(orders).toHaveLength(30);
    expectAgreement(orders);
    // The goal was reached: a diner can't cancel, and every confirmed payment is a kept charge.
    expect(races.every((r) => r.cancel === 409)).toBe(true);
    expect(orders.filter((o) => o.intentStatus === 'succeeded' && o.status !== 'charged')).toEqual([]);
    expect(orders.every((o) => o.status === 'charged')).toBe(true);
    expect((await eventRow(event.id)).currentSales).toBe(30 * 1000);
  });

  it('releases exactly the holds it cancels before the goal (30 races)', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 100_000 });
    const races = await Promise.all(
      Array.from({ length: 30 }, (_, i) => race(event.id, taco.id, i % 2 === 0 ? 'cancel' : 'confirm')),
    );
    await reconcile();
    expect(races.every((r) => r.cancel === 200)).toBe(true);
    const orders = await ordersWithIntents(database.db, event.id);
    expectAgreement(orders);
    expect(orders.every((o) => o.status === 'cancelled' && o.intentStatus === 'canceled')).toBe(true);
    expect((await eventRow(event.id)).currentSales).toBe(0);
  });

  it('refuses a cancel once the goal is reached, and charges that order', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 2000 });
    const first = new Agent(app);
    const { created } = await placeOrder(first, event.id, taco.id, 1);
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    expect((await eventRow(event.id)).status).toBe('processing');
    const res = await first.post(`/api/events/${event.id}/cancel-payment`, { orderId: created.orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This event has reached its goal, so orders can no longer be cancelled');
    await reconcile();
    const row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'confirmed', currentSales: 2000 });
    expectAgreement(await ordersWithIntents(database.db, event.id));
  });
});

describe('the goal crossing', () => {
  it('takes every diner ordering around the crossing, with sales exact to the cent', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 15_000 });
    const diners = Array.from({ length: 30 }, () => new Agent(app));
    const runs = Promise.all([reconcile(3), reconcile(3)]);
    const results = await Promise.all(
      diners.map(async (diner) => {
        const created = await diner.post(
          `/api/events/${event.id}/create-payment-intent`,
          orderBody(taco.id, 1, 1050),
        );
        if (created.statusCode !== 200) return created.statusCode;
        const confirm = await confirmCard(diner, created.json().clientSecret);
        await diner.post(`/api/events/${event.id}/orders/${created.json().orderId}/sync`);
        return confirm.statusCode;
      }),
    );
    await runs;
    await reconcile();
    expect(results.filter((status) => status !== 200)).toEqual([]);
    const row = await eventRow(event.id);
    expect(row.currentSales).toBe(30 * 1000);
    expect(row.status).toBe('confirmed');
    const orders = await ordersWithIntents(database.db, event.id);
    expect(orders.filter((o) => o.status === 'charged')).toHaveLength(30);
    expectAgreement(orders);
  });

  it('answers a replayed checkout with the first intent, even after the goal changed the capture', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 1000 });
    const diner = new Agent(app);
    const headers = { 'idempotency-key': 'replay-after-goal-0001' };
    const first = await diner.post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 2, 1050),
      headers,
    );
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    expect((await eventRow(event.id)).status).toBe('processing');
    const replay = await diner.post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 2, 1050),
      headers,
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({
      orderId: first.json().orderId,
      clientSecret: first.json().clientSecret,
    });

    const other = await diner.post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 3, 1050),
      headers,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/already used for a different order/);
    const mine = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(mine).toHaveLength(2);
  });

  it('refuses an order above the largest card charge with 400 and writes nothing', async () => {
    const { event, truck } = await liveEvent();
    const { createMenuItem } = await import('../../src/server/seed/factories');
    const feast = await createMenuItem(database.db, { foodTruckId: truck.id, price: 9_999_999 });
    const body = orderBody(feast.id, 11, 10_499_999);
    const res = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most \$999,999\.99/);
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders).toHaveLength(0);
  });

  it('tells the organizer and the truck when the goal is reached and when the event is confirmed', async () => {
    const { event, taco, organizer, truck } = await liveEvent({ minimumSales: 1000 });
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    await reconcile();
    for (const kind of ['event-goal-reached', 'event-confirmed']) {
      const recipients = (await mailsOf(kind))
        .filter((m) => m.textBody.includes(event.title))
        .map((m) => m.recipient);
      expect(recipients.sort()).toEqual([organizer.contactEmail, truck.contactEmail].sort());
    }
  });
});

describe('a capture that fails below the goal', () => {
  it('keeps taking orders, and a new diner covering the shortfall confirms the event', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 3000 });
    await placeOrder(new Agent(app), event.id, taco.id, 2);
    const { created } = await placeOrder(new Agent(app), event.id, taco.id, 1, '4000000000000341');
    await reconcile();
    let row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'processing', currentSales: 2000 });
    const [failed] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, created.orderId));
    expect(failed!.status).toBe('failed');

    // The event page still takes orders: charged at once.
    const late = await placeOrder(new Agent(app), event.id, taco.id, 1);
    expect(late.created.chargeNow).toBe(true);
    expect(late.confirm.json().status).toBe('succeeded');
    await reconcile();
    row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'confirmed', currentSales: 3000 });
  });

  it('fails the event when the fix window ends short of the goal, refunds every charge and tells everyone', async () => {
    const { event, taco, organizer, truck } = await liveEvent({ minimumSales: 5000 });
    const good = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        placeOrder(new Agent(app), event.id, taco.id, 1, undefined, `paid${i}@example.com`),
      ),
    );
    await placeOrder(new Agent(app), event.id, taco.id, 1, '4000000000000341', 'broke@example.com');
    await reconcile();
    expect((await eventRow(event.id)).status).toBe('processing');

    clock.advance(49 * HOUR);
    await reconcile(3);
    const row = await eventRow(event.id);
    expect(row.status).toBe('payment_failed');
    const orders = await ordersWithIntents(database.db, event.id);
    expectAgreement(orders);
    const refunded = orders.filter((o) => o.status === 'refunded');
    expect(refunded.map((o) => o.id).sort()).toEqual(good.map((g) => g.created.orderId).sort());
    expect(refunded.every((o) => o.refundedAmount === o.totalAmount)).toBe(true);

    const refundMails = (await mailsOf('order-refunded')).filter((m) => m.textBody.includes(event.title));
    expect(refundMails.map((m) => m.recipient).sort()).toEqual([
      'paid0@example.com',
      'paid1@example.com',
      'paid2@example.com',
      'paid3@example.com',
    ]);
    const failedMails = (await mailsOf('event-payment-failed')).filter((m) =>
      m.textBody.includes(event.title),
    );
    expect(failedMails.map((m) => m.recipient).sort()).toEqual(
      [organizer.contactEmail, truck.contactEmail].sort(),
    );
    // Refunds happen once: another pass changes nothing.
    await reconcile();
    const again = await ordersWithIntents(database.db, event.id);
    expect(again.filter((o) => Number(o.amountRefunded) > o.totalAmount)).toEqual([]);
    expect((await mailsOf('order-refunded')).filter((m) => m.textBody.includes(event.title))).toHaveLength(4);
  });
});

describe('calling off an event', () => {
  it('lets the truck call off a confirmed event: every charge refunded, every party told why', async () => {
    const { event, taco, organizer, truck } = await liveEvent({ minimumSales: 2000 });
    await placeOrder(new Agent(app), event.id, taco.id, 2, undefined, 'one@example.com');
    await reconcile();
    await placeOrder(new Agent(app), event.id, taco.id, 1, undefined, 'two@example.com');
    const pending = await new Agent(app).post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 1, 1050, 'three@example.com'),
    );
    expect((await eventRow(event.id)).status).toBe('confirmed');

    const stranger = new Agent(app);
    await stranger.login(organizer.username === truck.username ? 'x' : (await createOther()).username);
    expect((await stranger.post(`/api/events/${event.id}/cancel`, {})).statusCode).toBe(403);

    const owner = new Agent(app);
    await owner.login(truck.username);
    const res = await owner.post(`/api/events/${event.id}/cancel`, { reason: 'Our generator broke down' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'truck' });
    await reconcile(3);

    const orders = await ordersWithIntents(database.db, event.id);
    expectAgreement(orders);
    expect(orders.filter((o) => o.status === 'refunded')).toHaveLength(2);
    const abandoned = orders.find((o) => o.id === pending.json().orderId)!;
    expect(abandoned).toMatchObject({ status: 'cancelled', intentStatus: 'canceled' });
    const told = (await mailsOf('event-called-off')).filter((m) => m.textBody.includes(event.title));
    expect(told.map((m) => m.recipient).sort()).toEqual([organizer.contactEmail, truck.contactEmail].sort());
    expect(told[0]!.textBody).toContain('Our generator broke down');
    const refunds = (await mailsOf('order-refunded')).filter((m) => m.textBody.includes(event.title));
    expect(refunds.map((m) => m.recipient).sort()).toEqual(['one@example.com', 'two@example.com']);
    expect(refunds[0]!.textBody).toContain('cancelled by the food truck');
  });

  it('refuses to call off a closed event, and refuses a truck that is not the addressed one', async () => {
    const { event, organizer } = await liveEvent({ status: 'confirmed' });
    const { createTruck } = await import('../../src/server/seed/factories');
    const otherTruck = await createTruck(database.db);
    const truck = new Agent(app);
    await truck.login(otherTruck.username);
    expect((await truck.post(`/api/events/${event.id}/cancel`)).statusCode).toBe(403);
    clock.advance(4 * 24 * HOUR);
    await reconcile();
    expect((await eventRow(event.id)).status).toBe('closed');
    const owner = new Agent(app);
    await owner.login(organizer.username);
    const res = await owner.post(`/api/events/${event.id}/cancel`, { reason: 'Too late' });
    expect(res.statusCode).toBe(409);
  });
});

describe('the provider is the source of truth', () => {
  it('refunds a charge that lands on an order of a cancelled event, and alerts', async () => {
    const { event, taco, organizer } = await liveEvent({ status: 'confirmed' });
    const diner = new Agent(app);
    const created = (
      await diner.post(`/api/events/${event.id}/create-payment-intent`, orderBody(taco.id, 1, 1050))
    ).json();
    const owner = new Agent(app);
    await owner.login(organizer.username);
    await owner.post(`/api/events/${event.id}/cancel`, {});
    // The diner's tab confirms after the event was called off, before the release reached the provider.
    const confirm = await confirmCard(diner, created.clientSecret);
    expect(confirm.statusCode).toBe(200);
    await reconcile(3);
    const [order] = await ordersWithIntents(database.db, event.id);
    expect(order).toMatchObject({ status: 'refunded', intentStatus: 'succeeded' });
    expect(Number(order!.amountRefunded)).toBe(order!.totalAmount);
    const transitions = await database.db
      .select()
      .from(statusTransitions)
      .where(and(eq(statusTransitions.entity, 'order'), eq(statusTransitions.entityId, order!.id)))
      .orderBy(statusTransitions.id);
    expect(transitions.map((t) => t.toStatus)).toEqual(['pending', 'cancelling', 'charged', 'refunded']);
  });

  it('records every status change through the transition table', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 1000 });
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    await reconcile();
    const changes = await database.db
      .select()
      .from(statusTransitions)
      .where(and(eq(statusTransitions.entity, 'event'), eq(statusTransitions.entityId, event.id)));
    expect(changes.map((c) => [c.fromStatus, c.toStatus])).toEqual([
      ['approved', 'processing'],
      ['processing', 'confirmed'],
    ]);
  });
});

describe('two instances, one dying mid-capture', () => {
  it('has the survivor capture every order exactly once within 10 seconds', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 40_000 });
    await Promise.all(Array.from({ length: 40 }, () => placeOrder(new Agent(app), event.id, taco.id, 1)));
    expect((await eventRow(event.id)).status).toBe('processing');

    const doomed = await createTestApp(database, { now: clock.now });
    const survivor = await createTestApp(database, { now: clock.now });
    const gateway = doomed.ctx.payments as SimulatorGateway;
    const capture = gateway.capturePaymentIntent.bind(gateway);
    let releaseHang: (error: Error) => void = () => {};
    const hang = new Promise<never>((_, reject) => (releaseHang = reject));
    // The doomed instance reaches the provider, then dies before recording anything: its in-process
    // deliveries die with it, and it never renews its claims again.
    gateway.capturePaymentIntent = async (id, key) => {
      await capture(id, key);
      doomed.ctx.reconciler.halt();
      return hang;
    };
    doomed.ctx.paymentEvents.dispatch = async () => 0;
    const dying = doomed.ctx.reconciler.runOnce();
    // However long the first capture takes on a busy machine, the instance dies right after it.
    await vi.waitFor(() => expect(doomed.ctx.reconciler.halted).toBe(true), { timeout: 10_000 });
    await gateway.flushEvents();

    // Its claims still hold a moment later ...
    clock.advance(5_000);
    await survivor.ctx.reconciler.runOnce();
    const before = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(before.filter((o) => o.status === 'charged').length).toBeLessThan(40);

    // ... and lapse within 10 seconds of the crash.
    clock.advance(4_000);
    await survivor.ctx.reconciler.runOnce();
    await survivor.ctx.reconciler.runOnce();
    await (survivor.ctx.payments as SimulatorGateway).flushEvents();

    const orders = await ordersWithIntents(database.db, event.id);
    expect(orders.filter((o) => o.status === 'charged')).toHaveLength(40);
    expectAgreement(orders);
    const charged = await database.db
      .select()
      .from(statusTransitions)
      .where(
        and(
          eq(statusTransitions.entity, 'order'),
          eq(statusTransitions.toStatus, 'charged'),
          inArray(
            statusTransitions.entityId,
            orders.map((o) => o.id),
          ),
        ),
      );
    expect(charged).toHaveLength(40);
    expect((await eventRow(event.id)).status).toBe('confirmed');

    releaseHang(new Error('the process is gone'));
    await dying;
    await doomed.close();
    await survivor.close();
  });
});

async function createOther() {
  const { createUser } = await import('../../src/server/seed/factories');
  return createUser(database.db);
}
