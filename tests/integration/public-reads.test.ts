import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { events, menuItems, sessions, users } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { PROGRESS_CHANNEL } from '../../src/server/progress/progress-hub';
import { PUBLIC_READ_CHANNEL } from '../../src/server/public-reads/public-read-cache';
import { placeOrder } from '../support/place-order';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Public reads from the instances' caches (docs/decisions/080-cached-public-reads.md): HTTP caching,
 * changes seen on another instance within the notification's latency, the paged list, and reads that
 * start no session. Two instances on one database, as behind a load balancer.
 */
let database: Database & { url?: string };
let secondHandle: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  a = await createTestApp(database);
  b = await createTestApp(secondHandle ?? database);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await secondHandle?.close();
  await database.close();
});

async function liveEvent(overrides: Partial<Parameters<typeof createEvent>[1]> = {}) {
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db, { businessName: 'Taco Loco' });
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000, name: 'Taco' });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    minimumSales: 50_000,
    ...overrides,
  });
  return { organizer, truck, taco, event };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** Polls until `check` passes; answers how long it took (ms). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<number> {
  const started = performance.now();
  await expect.poll(check, { timeout: timeoutMs, interval: 5 }).toBe(true);
  return performance.now() - started;
}

/** Resolves once every change committed so far has been announced to B (its cache has dropped it). */
const bHeardEverything = () =>
  (secondHandle ?? database).syncListeners([PUBLIC_READ_CHANNEL, PROGRESS_CHANNEL]);

describe('HTTP caching of public reads', () => {
  it('answers the event with an ETag and a short public Cache-Control, and 304 to a caller who has it', async () => {
    const { event, truck } = await liveEvent();
    for (const url of [`/api/events/${event.id}`, '/api/events/public', `/api/menu-items/${truck.id}`]) {
      const first = await get(a, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=60');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await get(a, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // The other instance gives the same ETag for the same answer, so a CDN may ask either.
      expect((await get(b, url, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
      expect((await get(a, url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
    const detail = (await get(a, `/api/events/${event.id}`)).json();
    expect(detail).toMatchObject({
      id: event.id,
      foodTruckName: 'Taco Loco',
      backerCount: 0,
      menuItemIds: null,
    });
  });

  it('keeps a hidden event private to those who may see it, and a missing one a 404', async () => {
    const { event, organizer } = await liveEvent({ hidden: true });
    expect((await get(a, `/api/events/${event.id}`)).statusCode).toBe(404);
    const agent = new Agent(a);
    await agent.login(organizer.username);
    const own = await agent.get(`/api/events/${event.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    // Cached now, and still refused to a stranger.
    expect((await get(a, `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await get(a, '/api/events/2147483000')).statusCode).toBe(404);
  });
});

describe('a change reaches every instance', () => {
  it('shows an order placed through one instance on the other within the notification latency', async () => {
    const { event, taco } = await liveEvent();
    const before = (await get(b, `/api/events/${event.id}`)).json();
    expect(before).toMatchObject({ currentSales: '0.00', backerCount: 0 });
    // The event's own creation is announced too: once it is in, B keeps its answer.
    await bHeardEverything();
    await get(b, `/api/events/${event.id}`);
    const fillsBefore = b.ctx.publicReads.fillCount;
    for (let i = 0; i < 5; i++) await get(b, `/api/events/${event.id}`);
    expect(b.ctx.publicReads.fillCount).toBe(fillsBefore); // served from the cache

    await placeOrder(new Agent(a), event.id, taco.id, { unitCents: 1050, email: 'dana@example.com' });
    const ms = await eventually(
      async () => (await get(b, `/api/events/${event.id}`)).json().currentSales === '10.00',
    );
    expect((await get(b, `/api/events/${event.id}`)).json()).toMatchObject({ backerCount: 1 });
    console.info(`order on A seen on B after ${ms.toFixed(0)} ms (${database.driver})`);
  });

  it('lets a writer read its own write on the instance that answered it, at once', async () => {
    const { event } = await liveEvent();
    const admin = await createUser(database.db, { role: 'admin' });
    const agent = new Agent(a);
    await agent.login(admin.username);
    for (let i = 0; i < 10; i++) {
      await get(a, `/api/events/${event.id}`); // kept in the cache
      const hidden = i % 2 === 0;
      expect(
        (await agent.post(`/api/admin/events/${event.id}/hidden`, { hidden, reason: 'Spam' })).statusCode,
      ).toBe(200);
      expect((await get(a, `/api/events/${event.id}`)).statusCode).toBe(hidden ? 404 : 200);
    }
  });

  it('drops the answers a write outside the app changes: the event, its truck, the menu, the list', async () => {
    const { event, truck, taco } = await liveEvent();
    const warm = async () => {
      for (const app of [a, b]) {
        await get(app, `/api/events/${event.id}`);
        await get(app, `/api/menu-items/${truck.id}`);
        await get(app, '/api/events/public?limit=100');
      }
    };
    await warm();
    await database.db.update(events).set({ title: 'Renamed by hand' }).where(eq(events.id, event.id));
    await database.db.update(users).set({ businessName: 'Taco Nuevo' }).where(eq(users.id, truck.id));
    await database.db.update(menuItems).set({ price: 1234 }).where(eq(menuItems.id, taco.id));
    for (const app of [a, b]) {
      await eventually(async () => {
        const detail = (await get(app, `/api/events/${event.id}`)).json();
        const menu = (await get(app, `/api/menu-items/${truck.id}`)).json();
        const list = (await get(app, '/api/events/public?limit=100')).json();
        const listed = list.events.find((e: { id: number }) => e.id === event.id);
        return (
          detail.title === 'Renamed by hand' &&
          detail.foodTruck.businessName === 'Taco Nuevo' &&
          menu[0].price === '12.34' &&
          listed?.foodTruckName === 'Taco Nuevo'
        );
      });
    }

    await warm();
    await database.db.update(events).set({ hidden: true }).where(eq(events.id, event.id));
    for (const app of [a, b]) {
      await eventually(async () => (await get(app, `/api/events/${event.id}`)).statusCode === 404);
      const list = (await get(app, '/api/events/public?limit=100')).json();
      expect(list.events.map((e: { id: number }) => e.id)).not.toContain(event.id);
    }
  });

  it('never keeps an answer read while a change commits', async () => {
    const { event } = await liveEvent();
    // Reads on B race with 30 renames committed through another connection; once the last rename's
    // notification is in, B answers the last title, whatever it read in between.
    const reads = (async () => {
      for (let i = 0; i < 60; i++) await get(b, `/api/events/${event.id}`);
    })();
    for (let i = 1; i <= 30; i++) {
      await database.db
        .update(events)
        .set({ title: `Title ${i}` })
        .where(eq(events.id, event.id));
    }
    await reads;
    await eventually(async () => (await get(b, `/api/events/${event.id}`)).json().title === 'Title 30');
    // No read is under way on B (each was awaited) and every rename has been announced to it: a stale
    // answer kept by then would be kept for good.
    await bHeardEverything();
    expect((await get(b, `/api/events/${event.id}`)).json().title).toBe('Title 30');
    expect((await get(a, `/api/events/${event.id}`)).json().title).toBe('Title 30');
  });

  it('drops an event from the list when it ends, without any write', async () => {
    const clock = { now: new Date() };
    const app = await createTestApp(secondHandle ?? database, { now: () => new Date(clock.now) });
    try {
      const { event } = await liveEvent({ daysAhead: 1, startTime: '09:00', endTime: '10:00' });
      const listed = async () =>
        (await get(app, '/api/events/public?limit=100'))
          .json()
          .events.some((e: { id: number }) => e.id === event.id);
      expect(await listed()).toBe(true);
      clock.now = new Date(event.endsAt.getTime() + 1000);
      expect(await listed()).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/events/public pages', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    // A fresh list of our own: every live event so far ends, so 45 new ones are the whole list.
    await database.db.update(events).set({ status: 'closed' });
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const created = [];
    for (let i = 0; i < 45; i++) {
      created.push(
        await createEvent(database.db, {
          organizerId: organizer.id,
          foodTruckId: truck.id,
          daysAhead: 1 + (i % 9),
          startTime: `${String(8 + (i % 5)).padStart(2, '0')}:00`,
        }),
      );
    }
    ids = created.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime() || x.id - y.id).map((e) => e.id);
  });

  it('gives 20 at a time, soonest first, with a cursor to the next page until the last', async () => {
    const seen: number[] = [];
    let url = '/api/events/public';
    const sizes: number[] = [];
    for (;;) {
      const res = await get(b, url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { events: Array<{ id: number }>; nextCursor: string | null };
      sizes.push(page.events.length);
      seen.push(...page.events.map((e) => e.id));
      if (!page.nextCursor) break;
      url = `/api/events/public?cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(ids);
  });

  it('takes up to 100 a page and refuses more, a bad cursor and nonsense dates with 400', async () => {
    expect((await get(a, '/api/events/public?limit=100')).json().events).toHaveLength(45);
    expect((await get(a, '/api/events/public?limit=7')).json().events).toHaveLength(7);
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('["x",1]').toString('base64url')}`, 'cursor'],
      ['from=2026-02-30', 'from'],
      ['from=tomorrow', 'from'],
      ['from=2026-06-10&to=2026-06-01', 'to'],
    ] as const) {
      const res = await get(a, `/api/events/public?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });

  it('keeps only the events whose day is within from and to', async () => {
    const rows = await database.db
      .select({ id: events.id, date: events.date })
      .from(events)
      .where(sql`${events.status} = 'approved'`);
    const days = [...new Set(rows.map((r) => r.date))].sort();
    const from = days[2]!;
    const to = days[4]!;
    const page = (await get(a, `/api/events/public?from=${from}&to=${to}&limit=100`)).json();
    const expected = rows.filter((r) => r.date >= from && r.date <= to).map((r) => r.id);
    expect(page.events.map((e: { id: number }) => e.id).sort()).toEqual(expected.sort());
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.length).toBeLessThan(45);
  });
});

describe('sessions', () => {
  it('starts none for anonymous reads, and one at the first order of a guest', async () => {
    const { event, truck, taco } = await liveEvent();
    const count = async () => (await database.db.select({ sid: sessions.sid }).from(sessions)).length;
    const before = await count();
    const visitor = new Agent(a);
    for (let i = 0; i < 5; i++) {
      for (const url of [
        '/api/events/public',
        `/api/events/${event.id}`,
        `/api/menu-items/${truck.id}`,
        `/api/events/${event.id}/pending-orders`,
        `/api/events/${event.id}/calendar.ics`,
        '/api/user',
      ]) {
        const res = await visitor.get(url);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    }
    expect(await count()).toBe(before);

    await placeOrder(visitor, event.id, taco.id, { unitCents: 1050 });
    expect(await count()).toBe(before + 1);
    const mine = await visitor.get(`/api/events/${event.id}/pending-orders`);
    expect(mine.json()).toHaveLength(1);
    // Another anonymous browser still sees none of it.
    expect((await new Agent(a).get(`/api/events/${event.id}/pending-orders`)).json()).toEqual([]);
  });
});
