import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFUNDED_ORDER_NOT_HANDED_OVER } from '../../src/core/fulfilment';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { chargedOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The event day of orders the truck refunded (decision 214): an order refunded in full is never
 * marked ready or collected (409, so the diner is never told "ready" after "refunded"), and the day's
 * totals and the prep list leave out its money and its food; a partial refund comes off the money.
 * Through the HTTP API as the truck and the organizer act, two app instances on one database; the race
 * of Ready taps against a refund runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp(database, { now: clock.now });
  b = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signIn(app: FastifyInstance, user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

/**
 * A confirmed event of 20% markup starting at 18:00 UTC today, with tacos ($10.00, $12.50 to diners)
 * and horchata ($3.00, $3.75); the clock at 17:00, an hour into the handover window.
 */
async function eventDay() {
  const organizer = await createUser(database.db, { contactEmail: 'olivia@example.com' });
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Taco', price: 1000 });
  const drink = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Horchata', price: 300 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 0,
    status: 'confirmed',
    minimumSales: 2000,
    priceMarkupPercentage: 2000,
  });
  clock.set(new Date(event.startsAt.getTime() - HOUR));
  return {
    event,
    taco,
    drink,
    truck: await signIn(a, truck),
    phone: await signIn(b, truck),
    organizer: await signIn(a, organizer),
  };
}
type Day = Awaited<ReturnType<typeof eventDay>>;

/** A charged order of `tacos` tacos and `drinks` horchatas, with a note and a tip. */
async function order(day: Day, tacos: number, drinks: number, note: string, tipCents = 0) {
  const lines = [{ menuItemId: day.taco.id, quantity: tacos, baseCents: 1000 }];
  if (drinks > 0) lines.push({ menuItemId: day.drink.id, quantity: drinks, baseCents: 300 });
  const row = await chargedOrder(a, day.event, lines);
  const [withNote] = await database.db
    .update(pendingOrders)
    .set({ note, tipAmount: tipCents, totalAmount: row.totalAmount + tipCents })
    .where(eq(pendingOrders.id, row.id))
    .returning();
  return withNote!;
}

const refund = (agent: Agent, orderId: number, amountCents: number) =>
  agent.post(`/api/orders/${orderId}/refunds`, { amountCents, reason: 'The grill broke' });
const mark = (agent: Agent, orderId: number, state: 'ready' | 'collected') =>
  agent.post(`/api/orders/${orderId}/fulfilment`, { state });

async function mailsOf(orderId: number) {
  return database.db
    .select({ id: outbox.id, kind: outbox.kind })
    .from(outbox)
    .where(eq(outbox.thread, `order:${orderId}`))
    .orderBy(asc(outbox.id));
}

async function bookingOf(day: Day) {
  const bookings = (await day.truck.get('/api/bookings')).json().bookings as Array<{
    event: { id: number };
    prepList: Array<{ name: string; quantity: number }>;
    prepNotes: Array<{ orderId: number; note: string }>;
  }>;
  return bookings.find((x) => x.event.id === day.event.id)!;
}

describe('an order refunded in full', () => {
  it('is not handed over, and the event day counts neither its money nor its food', async () => {
    const day = await eventDay();
    const kept = await order(day, 2, 1, 'No onions', 300); // $25.00 + $3.75 + $3.00 tip = $31.75
    const gone = await order(day, 3, 0, 'Extra salsa', 200); // $37.50 + $2.00 tip = $39.50
    expect([kept.totalAmount, gone.totalAmount]).toEqual([3175, 3950]);

    const before = (await day.truck.get(`/api/bookings/${day.event.id}/orders`)).json();
    expect(before.totals).toEqual({
      food: '53.00',
      salesTax: '0.00',
      tip: '5.00',
      total: '71.25',
      refunded: '0.00',
    });
    expect((await bookingOf(day)).prepList).toEqual([
      { menuItemId: day.drink.id, name: 'Horchata', quantity: 1 },
      { menuItemId: day.taco.id, name: 'Taco', quantity: 5 },
    ]);

    // The whole order back, in two refunds; the diner is told each time.
    expect((await refund(day.truck, gone.id, 1000)).statusCode).toBe(200);
    expect((await refund(day.phone, gone.id, 2950)).statusCode).toBe(200);

    for (const [agent, state] of [
      [day.truck, 'ready'],
      [day.phone, 'collected'],
    ] as const) {
      const refused = await mark(agent, gone.id, state);
      expect(refused.statusCode, state).toBe(409);
      expect(refused.json()).toEqual({
        code: 'order_refunded_in_full',
        message: REFUNDED_ORDER_NOT_HANDED_OVER,
      });
    }
    expect(REFUNDED_ORDER_NOT_HANDED_OVER).toBe(
      'This order was refunded in full, so it can no longer be marked ready or collected',
    );
    expect((await mailsOf(gone.id)).map((m) => m.kind)).toEqual(['order-corrected', 'order-corrected']);
    const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, gone.id));
    expect(row).toMatchObject({ fulfilment: null, readyAt: null, collectedAt: null });

    // The organizer can't hand it over either (only the event's truck can).
    expect((await mark(day.organizer, gone.id, 'ready')).statusCode).toBe(403);

    // The event day: the order is listed as refunded; the totals keep only the other order's food,
    // tax and tips, and what diners paid less what went back.
    const after = (await day.phone.get(`/api/bookings/${day.event.id}/orders`)).json();
    expect(after.totals).toEqual({
      food: '23.00',
      salesTax: '0.00',
      tip: '3.00',
      total: '31.75',
      refunded: '39.50',
    });
    const listed = after.orders.find((o: { id: number }) => o.id === gone.id);
    expect(listed).toMatchObject({ status: 'charged', refundedAmount: '39.50', totalAmount: '39.50' });
    expect(after.orderCount).toBe(2);

    // The prep list and the notes: what is still to cook.
    const booking = await bookingOf(day);
    expect(booking.prepList).toEqual([
      { menuItemId: day.drink.id, name: 'Horchata', quantity: 1 },
      { menuItemId: day.taco.id, name: 'Taco', quantity: 2 },
    ]);
    expect(booking.prepNotes.map((n) => n.note)).toEqual(['No onions']);

    // The other order is handed over as before.
    expect((await mark(day.truck, kept.id, 'ready')).json().fulfilment).toBe('ready');
    expect((await mark(day.phone, kept.id, 'collected')).json().fulfilment).toBe('collected');
  });

  it('once ready, is refused Collected after the refund, and was told ready only before it', async () => {
    const day = await eventDay();
    const tacos = await order(day, 1, 0, 'Mild');
    expect((await mark(day.truck, tacos.id, 'ready')).statusCode).toBe(200);
    expect((await refund(day.truck, tacos.id, tacos.totalAmount)).statusCode).toBe(200);
    const collected = await mark(day.phone, tacos.id, 'collected');
    expect(collected.statusCode).toBe(409);
    expect(collected.json().message).toBe(REFUNDED_ORDER_NOT_HANDED_OVER);
    // A second Ready tap is refused too: the state it would repeat no longer holds.
    expect((await mark(day.phone, tacos.id, 'ready')).statusCode).toBe(409);
    expect((await mailsOf(tacos.id)).map((m) => m.kind)).toEqual(['order-ready', 'order-corrected']);
  });

  it('an order owed back in full is not counted on the event day nor cooked', async () => {
    const day = await eventDay();
    const kept = await order(day, 1, 0, 'Kept');
    const owed = await order(day, 4, 0, 'Owed');
    await database.db
      .update(pendingOrders)
      .set({ refundDueAt: clock.now(), refundReason: 'charged after cancellation' })
      .where(eq(pendingOrders.id, owed.id));
    const totals = (await day.truck.get(`/api/bookings/${day.event.id}/orders`)).json().totals;
    expect(totals).toEqual({
      food: '10.00',
      salesTax: '0.00',
      tip: '0.00',
      total: '12.50',
      refunded: '0.00',
    });
    const booking = await bookingOf(day);
    expect(booking.prepList).toEqual([{ menuItemId: day.taco.id, name: 'Taco', quantity: 1 }]);
    expect(booking.prepNotes.map((n) => n.orderId)).toEqual([kept.id]);
  });
});

describe('a partial refund', () => {
  it('comes off what the day took, keeps the food on the prep list, and the order is handed over', async () => {
    const day = await eventDay();
    const partly = await order(day, 2, 2, 'One taco missing', 100); // $25.00 + $7.50 + $1.00 = $33.50
    expect((await refund(day.truck, partly.id, 1250)).statusCode).toBe(200);

    const totals = (await day.truck.get(`/api/bookings/${day.event.id}/orders`)).json().totals;
    expect(totals).toEqual({
      food: '26.00',
      salesTax: '0.00',
      tip: '1.00',
      total: '21.00',
      refunded: '12.50',
    });
    expect((await bookingOf(day)).prepList).toEqual([
      { menuItemId: day.drink.id, name: 'Horchata', quantity: 2 },
      { menuItemId: day.taco.id, name: 'Taco', quantity: 2 },
    ]);
    expect((await mark(day.truck, partly.id, 'ready')).json().fulfilment).toBe('ready');
    expect((await mark(day.truck, partly.id, 'collected')).json().fulfilment).toBe('collected');

    // The rest back: now refunded in full, out of the totals (it was collected: that stays).
    expect((await refund(day.truck, partly.id, 2100)).statusCode).toBe(200);
    const after = (await day.truck.get(`/api/bookings/${day.event.id}/orders`)).json();
    expect(after.totals).toEqual({
      food: '0.00',
      salesTax: '0.00',
      tip: '0.00',
      total: '0.00',
      refunded: '33.50',
    });
    expect(after.collectedCount).toBe(1);
    expect((await bookingOf(day)).prepList).toEqual([]);
  });
});

describe('Ready taps racing a refund of the same order', () => {
  const ROUNDS = process.env.TEST_DATABASE_URL ? 6 : 3;
  const TAPS = 12;

  it('either tells the diner "ready" once, before the refund, or never; every late tap is refused', async () => {
    const day = await eventDay();
    const phones = [day.truck, day.phone];
    const outcomes = { readyFirst: 0, refundFirst: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const target = await order(day, 2, 0, `Round ${round}`);
      const taps = Array.from({ length: TAPS }, (_, i) => () => mark(phones[i % 2]!, target.id, 'ready'));
      // The refund is sent among the taps, from either phone, at a different place each round.
      const at = round % TAPS;
      const requests = [
        ...taps.slice(0, at).map((tap) => tap()),
        refund(phones[round % 2]!, target.id, target.totalAmount),
        ...taps.slice(at).map((tap) => tap()),
      ];
      const answers = await Promise.all(requests);
      const refundAnswer = answers[at]!;
      const tapAnswers = answers.filter((_, i) => i !== at);

      expect(refundAnswer.statusCode, refundAnswer.body).toBe(200);
      const accepted = tapAnswers.filter((r) => r.statusCode === 200);
      const refused = tapAnswers.filter((r) => r.statusCode === 409);
      expect(accepted.length + refused.length, 'no other answers').toBe(TAPS);
      for (const r of refused) expect(r.json().message).toBe(REFUNDED_ORDER_NOT_HANDED_OVER);

      const mails = (await mailsOf(target.id)).map((m) => m.kind);
      const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, target.id));
      expect(row!.correctedAmount).toBe(target.totalAmount);
      if (accepted.length > 0) {
        // Some taps came before the refund: one "ready" mail, written before the refund's.
        expect(mails).toEqual(['order-ready', 'order-corrected']);
        expect(row!.fulfilment).toBe('ready');
        outcomes.readyFirst++;
      } else {
        expect(mails).toEqual(['order-corrected']);
        expect(row!.fulfilment).toBeNull();
        outcomes.refundFirst++;
      }
      // Whatever the race left, a tap now is refused and nothing more is sent.
      expect((await mark(day.phone, target.id, 'ready')).statusCode).toBe(409);
      expect((await mark(day.truck, target.id, 'collected')).statusCode).toBe(409);
      expect((await mailsOf(target.id)).length).toBe(mails.length);
    }
    expect(outcomes.readyFirst + outcomes.refundFirst).toBe(ROUNDS);
  });
});
