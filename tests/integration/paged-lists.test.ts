import type { FastifyInstance } from 'fastify';
import { desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EVENTS_COUNT_CAP } from '../../src/contract/events';
import { computeEventTotals } from '../../src/core/event-totals';
import { centsToDecimal } from '../../src/core/money';
import { computeUnitPrice } from '../../src/core/pricing';
import type { Database } from '../../src/server/db/client';
import { events, pendingOrderItems, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function signIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

const MARKUP = 1250;
/** Status, whether a card was ever authorized, whether a refund is owed, by order number. */
function orderState(n: number) {
  const kinds = [
    { status: 'confirmed', authorized: true, refundDue: false },
    { status: 'charged', authorized: true, refundDue: false },
    { status: 'charged', authorized: true, refundDue: true },
    { status: 'cancelled', authorized: false, refundDue: false },
    { status: 'cancelled', authorized: true, refundDue: false },
    { status: 'refunded', authorized: true, refundDue: false },
    { status: 'pending', authorized: false, refundDue: false },
  ] as const;
  return kinds[n % kinds.length]!;
}

/** An event with `count` orders of every kind, written in bulk; each has one or two lines. */
async function eventWithOrders(count: number) {
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Taco', price: 1000 });
  const drink = await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Horchata', price: 450 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 10,
    priceMarkupPercentage: MARKUP,
  });
  const at = clock.now();
  const rows = Array.from({ length: count }, (_, n) => {
    const state = orderState(n);
    return {
      eventId: event.id,
      customerName: `Diner ${n}`,
      customerEmail: `diner${n}@example.com`,
      status: state.status,
      totalAmount: 2000,
      subtotalAmount: 1450,
      authorizedAt: state.authorized ? at : null,
      refundDueAt: state.refundDue ? at : null,
      refundReason: state.refundDue ? 'event called off' : null,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await database.db
      .insert(pendingOrders)
      .values(rows.slice(i, i + 1000))
      .returning({ id: pendingOrders.id });
    ids.push(...inserted.map((r) => r.id));
  }
  const lines = ids.flatMap((id, n) => [
    {
      pendingOrderId: id,
      menuItemId: taco.id,
      quantity: 1 + (n % 3),
      priceAtTime: computeUnitPrice(1000, MARKUP),
      basePriceAtTime: 1000,
    },
    ...(n % 2 === 0
      ? [
          {
            pendingOrderId: id,
            menuItemId: drink.id,
            quantity: 1,
            priceAtTime: computeUnitPrice(450, MARKUP),
            basePriceAtTime: 450,
          },
        ]
      : []),
  ]);
  for (let i = 0; i < lines.length; i += 1000) {
    await database.db.insert(pendingOrderItems).values(lines.slice(i, i + 1000));
  }
  // Orders the organizer sees: any the diner got as far as paying for (not pending, not cancelled unpaid).
  const paidFor = (n: number) => {
    const s = orderState(n);
    return s.status !== 'pending' && (s.status !== 'cancelled' || s.authorized);
  };
  const shown = ids.filter((_, n) => paidFor(n));
  const shownNames = ids.flatMap((_, n) => (paidFor(n) ? [`Diner ${n}`] : []));
  const totals = computeEventTotals(
    ids.map((_, n) => ({
      status: orderState(n).status,
      refundDue: orderState(n).refundDue,
      lines: lines
        .filter((l) => l.pendingOrderId === ids[n])
        .map((l) => ({ quantity: l.quantity, unitCents: l.priceAtTime, baseCents: l.basePriceAtTime })),
    })),
    MARKUP,
  );
  return { organizer, truck, event, shown, shownNames, totals };
}

describe("an event's orders, paged", () => {
  it('answers the newest page first with totals over every order, then older pages by cursor, each order once', async () => {
    const { organizer, event, shown, totals } = await eventWithOrders(350);
    const agent = await signIn(organizer);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await agent.get(
        `/api/events/${event.id}/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totals).toEqual({
        foodSales: centsToDecimal(totals.foodSalesCents),
        markupRaised: centsToDecimal(totals.markupRaisedCents),
        orderCount: totals.orderCount,
      });
      expect(body.orders.length).toBeLessThanOrEqual(100);
      seen.push(...body.orders.map((o: { id: number }) => o.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(shown.length / 100));
    expect(seen).toEqual([...shown].reverse());
  });

  it('takes a smaller page, and refuses a bad cursor or limit with a clear message', async () => {
    const { organizer, event, shown } = await eventWithOrders(30);
    const agent = await signIn(organizer);
    const small = (await agent.get(`/api/events/${event.id}/orders?limit=5`)).json();
    expect(small.orders.map((o: { id: number }) => o.id)).toEqual([...shown].reverse().slice(0, 5));
    expect(small.nextCursor).toEqual(expect.any(String));

    const bad = await agent.get(`/api/events/${event.id}/orders?cursor=not-a-cursor`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page link is not valid/);
    for (const limit of ['0', '501', 'ten']) {
      const res = await agent.get(`/api/events/${event.id}/orders?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/limit/);
    }
  });

  it('is for the organizer and admins only, on every page', async () => {
    const { organizer, truck, event, shown } = await eventWithOrders(200);
    const first = (await (await signIn(organizer)).get(`/api/events/${event.id}/orders`)).json();
    const next = `/api/events/${event.id}/orders?cursor=${encodeURIComponent(first.nextCursor)}`;
    expect((await new Agent(app).get(next)).statusCode).toBe(401);
    expect((await (await signIn(truck)).get(next)).statusCode).toBe(403);
    expect((await (await signIn(await createUser(database.db))).get(next)).statusCode).toBe(403);
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    expect((await admin.get(next)).json().orders).toHaveLength(shown.length - 100);
  });

  it('streams the CSV of every paid-for order, oldest first, past one batch', async () => {
    const { organizer, event, shownNames } = await eventWithOrders(2_600);
    const res = await (await signIn(organizer)).get(`/api/events/${event.id}/orders.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header).toMatch(/^"Pickup code","Name",/);
    // Names hold no quotes or commas here: the second quoted cell is the name.
    const names = lines.map((line) => /^"[^"]*","([^"]*)"/.exec(line)![1]);
    expect(names).toEqual(shownNames);
  });
});

describe("the admins' list, paged by cursor", () => {
  it('walks every event once, newest first, with no OFFSET however deep', async () => {
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    for (let i = 0; i < 60; i++) {
      await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id, now: clock.now() });
    }
    // Events created in the same microsecond still come once each (the id breaks the tie), and a
    // microsecond apart they keep their order (a millisecond cursor would skip one).
    const newest = await database.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(4);
    const ids = newest.map((e) => e.id);
    await database.db
      .update(events)
      .set({ createdAt: sql`'2026-11-20T10:00:00.123456Z'::timestamptz` })
      .where(inArray(events.id, ids.slice(0, 2)));
    await database.db
      .update(events)
      .set({ createdAt: sql`'2026-11-20T10:00:00.123100Z'::timestamptz` })
      .where(inArray(events.id, ids.slice(2)));
    const total = (await database.db.select({ id: events.id }).from(events)).length;
    const seen: number[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const res = await admin.get(
        `/api/admin/events?page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page, pageSize: 25, total, totalCapped: false });
      seen.push(...body.events.map((e: { id: number }) => e.id));
      cursor = body.nextCursor;
      page++;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const order = await database.db
      .select({ id: events.id })
      .from(events)
      .orderBy(desc(events.createdAt), desc(events.id));
    expect(seen).toEqual(order.map((e) => e.id));

    // A search by the truck's name counts through the truck; a filter on the event alone counts the events.
    const rare = await createTruck(database.db, { businessName: 'Rare Bird Kitchen' });
    for (let i = 0; i < 3; i++) {
      await createEvent(database.db, { organizerId: organizer.id, foodTruckId: rare.id, now: clock.now() });
    }
    const byName = (await admin.get('/api/admin/events?q=rare%20bird')).json();
    expect(byName).toMatchObject({ total: 3, totalCapped: false });
    expect(byName.events).toHaveLength(3);
    const pending = (
      await database.db
        .select({ id: events.id })
        .from(events)
        .where(sql`${events.status} = 'pending_approval'`)
    ).length;
    expect((await admin.get('/api/admin/events?status=pending_approval')).json()).toMatchObject({
      total: pending,
    });

    const bad = await admin.get('/api/admin/events?cursor=eyJ4Ijoi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page link is not valid/);
  });

  it('counts matches up to the cap and then says there are more, on the first page and deep ones', async () => {
    const admin = await signIn(await createUser(database.db, { role: 'admin' }));
    const [template] = await database.db.select().from(events).limit(1);
    const { id: _id, ...copy } = template!;
    const existing = (await database.db.select({ id: events.id }).from(events)).length;
    const missing = ADMIN_EVENTS_COUNT_CAP + 1 - existing;
    for (let i = 0; i < missing; i += 500) {
      await database.db.insert(events).values(Array.from({ length: Math.min(500, missing - i) }, () => copy));
    }
    const first = (await admin.get('/api/admin/events')).json();
    expect(first).toMatchObject({ total: ADMIN_EVENTS_COUNT_CAP, totalCapped: true });
    const second = (
      await admin.get(`/api/admin/events?page=2&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second).toMatchObject({ page: 2, total: ADMIN_EVENTS_COUNT_CAP, totalCapped: true });
    // A filter that matches fewer than the cap is counted exactly.
    const hidden = (await admin.get('/api/admin/events?hidden=true')).json();
    expect(hidden.totalCapped).toBe(false);
  });
});
