import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { pendingOrders } from '../../src/server/db/schema';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The organizer's events, the truck's pending requests and its bookings come a page at a time by
 * cursor (docs/decisions/177-own-lists-paged-by-cursor.md): the first page, the next, nothing lost or
 * repeated when events are added between pages, and a 400 for a cursor that is not one.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;
const BAD_CURSOR = 'That page link is not valid; start again from the first page';

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Every page from the first, running `between` after each page but the last. */
async function allPages<T>(
  load: (cursor: string | null) => Promise<Page<T>>,
  between: (pageNumber: number) => Promise<void> = async () => {},
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await load(cursor);
    pages.push(page.items);
    if (!page.nextCursor) return pages;
    expect(pages.length).toBeLessThan(20);
    await between(pages.length);
    cursor = page.nextCursor;
  }
}

describe("the organizer's events", () => {
  it('come latest first a page at a time, each exactly once even when events are added between pages', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const at = (daysAhead: number) =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead,
      });
    // Two on the same day: the id breaks the tie.
    const seeded = [await at(1), await at(2), await at(2), await at(3), await at(-4)];
    const agent = await signIn(organizer);
    const load = async (cursor: string | null) => {
      const res = await agent.get(
        `/api/events/organizer/${organizer.id}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { events: Array<{ id: number }>; nextCursor: string | null };
      return { items: body.events.map((e) => e.id), nextCursor: body.nextCursor };
    };

    const first = await load(null);
    const [d1, d2a, d2b, d3, past] = seeded.map((e) => e.id) as [number, number, number, number, number];
    expect(first.items).toEqual([d3, d2b]);
    expect(first.nextCursor).toEqual(expect.any(String));

    const added: number[] = [];
    const pages = await allPages(load, async (n) => {
      // One before the cursor's position (already passed: not shown again), one after it (still to come).
      if (n === 1) {
        added.push((await at(5)).id, (await at(0)).id);
      }
    });
    expect(pages).toEqual([
      [d3, d2b],
      [d2a, d1],
      [added[1], past],
    ]);
  });

  it('answers 400 for a cursor that is not one, and for a limit out of range', async () => {
    const organizer = await createUser(database.db);
    const agent = await signIn(organizer);
    for (const query of ['cursor=nonsense', `cursor=${Buffer.from('[1,2]').toString('base64url')}`]) {
      const res = await agent.get(`/api/events/organizer/${organizer.id}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(BAD_CURSOR);
    }
    const tooMany = await agent.get(`/api/events/organizer/${organizer.id}?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('limit must be at most 100');
  });
});

describe("the truck's pending requests", () => {
  it('come soonest to lapse first, a page at a time, each exactly once', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const request = (lapsesInHours: number) =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        status: 'pending_approval',
        approvalExpiryDate: new Date(clock.now().getTime() + lapsesInHours * HOUR),
      });
    const [h3, h1, h2a, h2b] = [await request(3), await request(1), await request(2), await request(2)];
    await request(-1); // lapsed: never listed
    const agent = await signIn(truck);
    const load = async (cursor: string | null) => {
      const res = await agent.get(
        `/api/events/pending/${truck.id}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { events: Array<{ id: number }>; nextCursor: string | null };
      return { items: body.events.map((e) => e.id), nextCursor: body.nextCursor };
    };
    let late = 0;
    const pages = await allPages(load, async (n) => {
      if (n === 1) {
        await request(0.5); // before the cursor: not shown on later pages
        late = (await request(4)).id;
      }
    });
    expect(pages).toEqual([[h1!.id, h2a!.id], [h2b!.id, h3!.id], [late]]);
    const bad = await agent.get(`/api/events/pending/${truck.id}?cursor=%21%21`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BAD_CURSOR);
  });
});

describe("the truck's bookings", () => {
  it('come upcoming first, then past and called off, across pages, each exactly once', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const at = (
      daysAhead: number,
      status: 'approved' | 'closed' | 'cancelled' | 'pending_approval' = 'approved',
    ) =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead,
        status,
      });
    const d1 = await at(1);
    const d2 = await at(2);
    const d3 = await at(3);
    const calledOff = await at(4, 'cancelled');
    const p1 = await at(-1, 'closed');
    const p2 = await at(-2, 'closed');
    const p3 = await at(-3, 'closed');
    await at(6, 'pending_approval'); // not accepted: never a booking
    const agent = await signIn(truck);
    const load = async (cursor: string | null) => {
      const res = await agent.get(`/api/bookings?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        bookings: Array<{ event: { id: number }; upcoming: boolean }>;
        nextCursor: string | null;
      };
      return { items: body.bookings.map((b) => [b.event.id, b.upcoming]), nextCursor: body.nextCursor };
    };
    const added: number[] = [];
    const pages = await allPages(load, async (n) => {
      if (n === 1) {
        added.push((await at(5)).id); // upcoming, after the cursor
        added.push((await at(-10, 'closed')).id); // past, at the very end
        await at(0.5); // upcoming, before the cursor: not shown on later pages
      }
    });
    expect(pages).toEqual([
      [
        [d1.id, true],
        [d2.id, true],
      ],
      [
        [d3.id, true],
        [added[0], true],
      ],
      [
        [calledOff.id, false],
        [p1.id, false],
      ],
      [
        [p2.id, false],
        [p3.id, false],
      ],
      [[added[1], false]],
    ]);
    // A well-formed position without its part is not a bookings cursor.
    const partless = Buffer.from(JSON.stringify(['2026-11-22T18:00:00.000000Z', d1.id])).toString(
      'base64url',
    );
    for (const cursor of ['nonsense', partless]) {
      const res = await agent.get(`/api/bookings?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message, cursor).toBe(BAD_CURSOR);
    }
  });
});

describe("the truck's bookings CSV", () => {
  it('streams every booking, more than a page of them, upcoming first then past', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const ids: number[] = [];
    for (let i = 0; i < 103; i++) {
      const event = await createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead: i < 3 ? i + 1 : -(i - 2),
        status: i < 3 ? 'approved' : 'closed',
        title: `Booking ${String(i).padStart(3, '0')}`,
      });
      ids.push(event.id);
    }
    const res = await (await signIn(truck)).get('/api/bookings/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toMatch(/^"Event","Date",/);
    // One row each (nothing ordered yet), in the list's order, across the CSV's pages of 100.
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(
      Array.from({ length: 103 }, (_, i) => `"Booking ${String(i).padStart(3, '0')}"`),
    );
  });
});

describe("the truck's event day", () => {
  it('brings at most 500 orders of a huge event by pickup code, counts them all, and finds any by search', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 1,
    });
    await database.db.insert(pendingOrders).values(
      Array.from({ length: 505 }, (_, i) => ({
        eventId: event.id,
        customerName: i === 321 ? 'Zed Special' : `Diner ${i}`,
        customerEmail: `diner${i}@example.com`,
        status: 'confirmed' as const,
        totalAmount: 1050,
        subtotalAmount: 1000,
        fulfilment: i < 7 ? ('collected' as const) : undefined,
      })),
    );
    const agent = await signIn(truck);
    const day = await agent.get(`/api/bookings/${event.id}/orders`);
    expect(day.statusCode).toBe(200);
    const all = day.json() as {
      orders: Array<{ pickupCode: string; customerName: string }>;
      orderCount: number;
      collectedCount: number;
      truncated: boolean;
    };
    expect(all).toMatchObject({ orderCount: 505, collectedCount: 7, truncated: true });
    expect(all.orders).toHaveLength(500);
    const codes = all.orders.map((o) => o.pickupCode);
    expect(codes).toEqual([...codes].sort());

    // Longer than a pickup code, so no random code can match it too ("zed" once matched one).
    const byName = (await agent.get(`/api/bookings/${event.id}/orders?q=special`)).json();
    expect(byName).toMatchObject({ orderCount: 505, truncated: false });
    expect(byName.orders.map((o: { customerName: string }) => o.customerName)).toEqual(['Zed Special']);
    const code = byName.orders[0].pickupCode as string;
    const byCode = (await agent.get(`/api/bookings/${event.id}/orders?q=${code.toLowerCase()}`)).json();
    expect(byCode.orders.map((o: { pickupCode: string }) => o.pickupCode)).toContain(code);

    const tooLong = await agent.get(`/api/bookings/${event.id}/orders?q=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('at most 100 characters');
  });
});
