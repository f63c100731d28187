import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import {
  eventMenuItems,
  events,
  outbox,
  pendingOrders,
  simulatorIntents,
  statusTransitions,
} from '../../src/server/db/schema';
import {
  claimForTest,
  eventRow as readEventRow,
  liveEvent as createLiveEvent,
  orderBody,
  placeOrder,
} from '../support/orders';
import { createMenuItem } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const simulator = () => app.ctx.payments as SimulatorGateway;

const liveEvent = (overrides: Parameters<typeof createLiveEvent>[2] = {}) =>
  createLiveEvent(database.db, clock.now(), overrides);
const eventRow = (id: number) => readEventRow(database.db, id);

describe('placing a pre-order', () => {
  it('holds the card, counts the food toward the goal, and shows the diner their order', async () => {
    const { event, taco } = await liveEvent();
    const diner = new Agent(app);
    const { created, confirm } = await placeOrder(diner, event.id, taco.id, 2);
    expect(created).toMatchObject({ amount: 2100, mode: 'hold', chargeNow: false });
    expect(created.clientSecret).toMatch(/_secret_/);
    expect(confirm.json()).toMatchObject({ status: 'requires_capture' });
    expect((await eventRow(event.id)).currentSales).toBe(2000); // food at menu prices, not fee

    const mine = (await diner.get(`/api/events/${event.id}/pending-orders?email=diner@example.com`)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      status: 'confirmed',
      totalAmount: '21.00',
      items: [{ quantity: 2, unitPrice: '10.50' }],
    });
    const mail = await database.db.select().from(outbox).where(eq(outbox.kind, 'order-received'));
    expect(mail.some((m) => m.textBody.includes('authorized for $21.00'))).toBe(true);
  });

  it('recomputes prices and refuses a mismatch with 409', async () => {
    const { event, taco } = await liveEvent({ priceMarkupPercentage: 1250 });
    const unit = computeUnitPrice(1000, 1250);
    expect(unit).toBe(1175);
    const agent = new Agent(app);
    const cheap = await agent.post(`/api/events/${event.id}/create-payment-intent`, {
      ...orderBody(taco.id, 1, 1050),
      markupPercentage: 12.5,
    });
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().message).toBe(
      'Prices have changed: your order now comes to $11.75. Please review your cart.',
    );
    const right = await agent.post(`/api/events/${event.id}/create-payment-intent`, {
      ...orderBody(taco.id, 1, unit),
      markupPercentage: 12.5,
    });
    expect(right.statusCode).toBe(200);
  });

  it("offers only the event's selected menu items, and says which", async () => {
    const { event, taco, truck } = await liveEvent();
    const other = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    expect(
      (await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().menuItemIds,
    ).toBeNull();
    await database.db.insert(eventMenuItems).values({ eventId: event.id, menuItemId: taco.id });
    // Written behind the API's back: wait, as a write through it would, until the cache has heard of it.
    await app.ctx.publicReads.catchUp();
    expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().menuItemIds).toEqual([
      taco.id,
    ]);
    const refused = await new Agent(app).post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(other.id, 1, 1050),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Some items in your cart are no longer on the menu. Please review your cart.',
    );
  });

  it('answers bad checkout input with the documented messages', async () => {
    const { event } = await liveEvent();
    const res = await new Agent(app).post(`/api/events/${event.id}/create-payment-intent`, {
      items: [],
      customerName: '',
      customerEmail: 'nope',
      amount: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      items: 'Please add items to your cart before checking out',
      customerName: 'Please provide both your name and email address',
      customerEmail: 'Please provide a valid email address',
    });
  });

  it('takes no orders for an event awaiting the truck', async () => {
    const { event, taco } = await liveEvent();
    await database.db.update(events).set({ status: 'pending_approval' }).where(eq(events.id, event.id));
    const res = await new Agent(app).post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 1, 1050),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/waiting for the food truck/);
  });

  it('makes one order for a double click with the same Idempotency-Key', async () => {
    const { event, taco } = await liveEvent();
    const agent = new Agent(app);
    await agent.post('/api/session'); // the checkout starts a guest's session before its first request
    const headers = { 'idempotency-key': 'checkout-abc-123456' };
    const [a, b] = await Promise.all([
      agent.post(`/api/events/${event.id}/create-payment-intent`, orderBody(taco.id, 1, 1050), headers),
      agent.post(`/api/events/${event.id}/create-payment-intent`, orderBody(taco.id, 1, 1050), headers),
    ]);
    expect(a.json().orderId).toBe(b.json().orderId);
    expect(a.json().clientSecret).toBe(b.json().clientSecret);
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders).toHaveLength(1);
  });

  it('shows a declined card its message with 402', async () => {
    const { event, taco } = await liveEvent();
    const { confirm } = await placeOrder(new Agent(app), event.id, taco.id, 1, '4000000000000002');
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json().message).toBe('Your card was declined.');
    expect((await eventRow(event.id)).currentSales).toBe(0);
  });

  it('saves the card instead of holding it when the event is more than 4 days 18 hours away', async () => {
    const far = await liveEvent({ daysAhead: 4.8 });
    const res = await new Agent(app).post(
      `/api/events/${far.event.id}/create-payment-intent`,
      orderBody(far.taco.id, 1, 1050),
    );
    expect(res.json()).toMatchObject({ mode: 'save' });
    expect(res.json().clientSecret).toMatch(/^seti_/);
    // Exactly 4 days 18 hours before the start (Visa's limit for a capture) still holds.
    const near = await liveEvent({ daysAhead: 5 });
    clock.set(new Date(near.event.startsAt.getTime() - 4.75 * DAY));
    const held = await new Agent(app).post(
      `/api/events/${near.event.id}/create-payment-intent`,
      orderBody(near.taco.id, 1, 1050),
    );
    expect(held.json()).toMatchObject({ mode: 'hold' });
  });
});

describe("a diner's own orders", () => {
  it('answers only the session that placed the order, or the receipt link', async () => {
    const { event, taco } = await liveEvent();
    const diner = new Agent(app);
    const { created } = await placeOrder(diner, event.id, taco.id, 1, undefined, 'private@example.com');
    const order = (
      await diner.get(`/api/events/${event.id}/pending-orders?email=private@example.com`)
    ).json()[0];

    const stranger = new Agent(app);
    expect(
      (await stranger.get(`/api/events/${event.id}/pending-orders?email=private@example.com`)).json(),
    ).toEqual([]);
    const steal = await stranger.post(`/api/events/${event.id}/cancel-payment`, {
      paymentIntentId: order.stripePaymentIntentId,
    });
    expect(steal.statusCode).toBe(404);
    expect((await eventRow(event.id)).currentSales).toBe(1000);

    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-received'), eq(outbox.recipient, 'private@example.com')));
    const link = new URL(/(http\S+)/.exec(mail!.textBody)![1]!);
    const token = link.searchParams.get('token')!;
    const viaLink = await stranger.get(
      `/api/events/${event.id}/pending-orders?order=${created.orderId}&token=${token}`,
    );
    expect(viaLink.json()).toHaveLength(1);
    const forged = await stranger.get(
      `/api/events/${event.id}/pending-orders?order=${created.orderId}&token=${token.slice(1)}x`,
    );
    expect(forged.json()).toEqual([]);
  });

  it('lets the diner cancel before the charge: the hold is released and the goal drops', async () => {
    const { event, taco } = await liveEvent();
    const diner = new Agent(app);
    await placeOrder(diner, event.id, taco.id, 3);
    const order = (await diner.get(`/api/events/${event.id}/pending-orders`)).json()[0];
    const res = await diner.post(`/api/events/${event.id}/cancel-payment`, {
      paymentIntentId: order.stripePaymentIntentId,
    });
    expect(res.statusCode).toBe(200);
    expect((await eventRow(event.id)).currentSales).toBe(0);
    const [intent] = await database.db
      .select()
      .from(simulatorIntents)
      .where(eq(simulatorIntents.id, order.stripePaymentIntentId));
    expect(intent!.status).toBe('canceled');
    expect((await diner.get(`/api/events/${event.id}/pending-orders`)).json()).toEqual([]);
  });
});

describe('the goal engine', () => {
  it('counts 50 concurrent orders exactly, crosses the goal, and charges every held order once', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 40_000 });
    const diners = Array.from({ length: 50 }, () => new Agent(app));
    const results = await Promise.all(diners.map((d) => placeOrder(d, event.id, taco.id, 1)));
    expect(results.every((r) => r.confirm.statusCode === 200)).toBe(true);
    let row = await eventRow(event.id);
    expect(row.currentSales).toBe(50 * 1000);
    expect(row.status).toBe('processing');

    // A second instance reconciles at the same time.
    const second = await createTestApp(database, { now: clock.now });
    await Promise.all([app.ctx.reconciler.runOnce(), second.ctx.reconciler.runOnce()]);
    await Promise.all([app.ctx.reconciler.runOnce(), second.ctx.reconciler.runOnce()]);
    await second.close();

    row = await eventRow(event.id);
    expect(row.status).toBe('confirmed');
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders.every((o) => o.status === 'charged')).toBe(true);
    const charged = await database.db
      .select()
      .from(statusTransitions)
      .where(and(eq(statusTransitions.entity, 'order'), eq(statusTransitions.toStatus, 'charged')));
    const chargedIds = charged.map((t) => t.entityId).filter((id) => orders.some((o) => o.id === id));
    expect(chargedIds).toHaveLength(50);
    expect(new Set(chargedIds).size).toBe(50);
    const intents = await database.db.select().from(simulatorIntents);
    for (const o of orders) {
      expect(intents.find((i) => i.id === o.stripePaymentIntentId)?.status).toBe('succeeded');
    }

    // After the goal, a new order is charged at once.
    const late = new Agent(app);
    const { created, confirm } = await placeOrder(late, event.id, taco.id, 1);
    expect(created.chargeNow).toBe(true);
    expect(confirm.json().status).toBe('succeeded');
    expect((await late.get(`/api/events/${event.id}/pending-orders`)).json()[0].status).toBe('charged');
  });

  it('recovers when the process dies between claiming and recording the captures', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 2000 });
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    expect((await eventRow(event.id)).status).toBe('processing');
    // The claim is taken and the captures sent, then the process "dies" before recording them.
    const claimed = await claimForTest(app, event.id);
    for (const order of claimed)
      await app.ctx.payments.capturePaymentIntent(order.stripePaymentIntentId!, `capture:${order.id}`);

    // A restarted instance, after the claim's lease: the same keys replay the same captures.
    clock.advance(3 * 60 * 1000);
    const restarted = await createTestApp(database, { now: clock.now });
    await restarted.ctx.reconciler.runOnce();
    await restarted.close();
    expect((await eventRow(event.id)).status).toBe('confirmed');
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders.map((o) => o.status)).toEqual(['charged', 'charged']);
  });

  it('takes a lapsed hold out of the goal and asks the diner to authorize again', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 100_000 });
    const diner = new Agent(app);
    await placeOrder(diner, event.id, taco.id, 2, undefined, 'lapsed@example.com');
    expect((await eventRow(event.id)).currentSales).toBe(2000);
    const order = (await diner.get(`/api/events/${event.id}/pending-orders`)).json()[0];
    await simulator().expireHold(order.stripePaymentIntentId);
    expect((await eventRow(event.id)).currentSales).toBe(0);
    const mine = (await diner.get(`/api/events/${event.id}/pending-orders`)).json()[0];
    expect(mine).toMatchObject({
      status: 'failed',
      failureMessage: 'The authorization on your card expired.',
    });
    const mail = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'hold-lapsed'), eq(outbox.recipient, 'lapsed@example.com')));
    expect(mail).toHaveLength(1);

    // The diner authorizes again from the link.
    const retry = await diner.post(`/api/events/${event.id}/orders/${mine.id}/retry-payment`);
    expect(retry.statusCode, retry.body).toBe(200);
    const confirm = await diner.post('/api/payments/simulator/confirm', {
      clientSecret: retry.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(confirm.json().status).toBe('requires_capture');
    expect((await eventRow(event.id)).currentSales).toBe(2000);
  });

  it('cancels an event that starts unfunded, releases every hold and tells every diner', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 100_000 });
    await placeOrder(new Agent(app), event.id, taco.id, 1, undefined, 'one@example.com');
    await placeOrder(new Agent(app), event.id, taco.id, 1, undefined, 'two@example.com');
    clock.set(event.startsAt);
    await app.ctx.reconciler.runOnce();
    const row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'unfunded', currentSales: 0 });
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders.every((o) => o.status === 'cancelled' && o.releasedAt)).toBe(true);
    const intents = await database.db.select().from(simulatorIntents);
    for (const o of orders)
      expect(intents.find((i) => i.id === o.stripePaymentIntentId)?.status).toBe('canceled');
    const mail = await database.db.select().from(outbox).where(eq(outbox.kind, 'event-cancelled'));
    const recipients = mail.map((m) => m.recipient);
    expect(recipients.filter((r) => r === 'one@example.com' || r === 'two@example.com').sort()).toEqual([
      'one@example.com',
      'two@example.com',
    ]);
  });

  it('charges saved cards off-session when the goal is met, and gives a declined one 48 hours', async () => {
    const { event, taco } = await liveEvent({ minimumSales: 2000, daysAhead: 10 });
    await placeOrder(new Agent(app), event.id, taco.id, 1);
    await placeOrder(new Agent(app), event.id, taco.id, 1, '4000000000000341', 'fails@example.com');
    expect((await eventRow(event.id)).status).toBe('processing');
    await app.ctx.reconciler.runOnce();
    const orders = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(orders.map((o) => o.status).sort()).toEqual(['charged', 'failed']);
    const row = await eventRow(event.id);
    expect(row.currentSales).toBe(1000);
    expect(row.status).toBe('processing'); // waiting for the diner to fix it
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'fix-payment'), eq(outbox.recipient, 'fails@example.com'))),
    ).toHaveLength(1);
    clock.advance(49 * 60 * 60 * 1000);
    await app.ctx.reconciler.runOnce();
    expect((await eventRow(event.id)).status).toBe('payment_failed');
  });

  it('abandons a pending order never authorized after an hour', async () => {
    const { event, taco } = await liveEvent();
    const res = await new Agent(app).post(
      `/api/events/${event.id}/create-payment-intent`,
      orderBody(taco.id, 1, 1050),
    );
    clock.advance(61 * 60 * 1000);
    await app.ctx.reconciler.runOnce();
    const [order] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, res.json().orderId));
    expect(order!.status).toBe('cancelled');
  });

  it('closes a confirmed event after its end', async () => {
    const { event } = await liveEvent({ status: 'confirmed' });
    clock.set(new Date(event.endsAt.getTime() + 1));
    await app.ctx.reconciler.runOnce();
    expect((await eventRow(event.id)).status).toBe('closed');
  });
});
