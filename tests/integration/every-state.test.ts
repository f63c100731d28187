import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { events } from '../../src/server/db/schema';
import {
  createBookableTruck,
  createEvent,
  createMenuItem,
  createTruck,
  createUser,
} from '../../src/server/seed/factories';
import { placeOrder } from '../support/place-order';
import { Agent, createClock, openTestDatabase, testConfig } from '../support/test-app';

/**
 * Issue 42 item 4 and 6 at the API: what the server says of an event in each state (its page's
 * status, its share card), the public list's total, and start times a daylight-saving night skips.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

const clientDir = mkdtempSync(path.join(tmpdir(), 'every-state-client-'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Food Truck Fund</title></head><body><div id="root"></div></body></html>',
);

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ now: clock.now }), { database, serveClient: true, clientDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function party() {
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db, { businessName: 'Taco Loco' });
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000, name: 'Taco' });
  return { organizer, truck, taco };
}

const shareCard = (html: string) =>
  /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#39;', "'");

describe('the page of an event, by state', () => {
  it('answers 404 for a hidden event to a stranger, as for an unknown one; 200 to its organizer and its diner', async () => {
    const { organizer, truck, taco } = await party();
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const diner = new Agent(app);
    await placeOrder(diner, event.id, taco.id, { unitCents: 1050 });
    await database.db.update(events).set({ hidden: true }).where(eq(events.id, event.id));
    await app.ctx.publicReads.catchUp();

    const unknown = await new Agent(app).get('/events/public/999999');
    const stranger = await new Agent(app).get(`/events/public/${event.id}`);
    expect(unknown.statusCode).toBe(404);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('og:title');
    const signedInStranger = new Agent(app);
    await signedInStranger.login((await createUser(database.db)).username);
    expect((await signedInStranger.get(`/events/public/${event.id}`)).statusCode).toBe(404);

    const insider = new Agent(app);
    await insider.login(organizer.username);
    expect((await insider.get(`/events/public/${event.id}`)).statusCode).toBe(200);
    // The browser that pre-ordered still reaches its order's event (decision 128).
    expect((await diner.get(`/events/public/${event.id}`)).statusCode).toBe(200);
  });

  it('tells the same state on the share card as on the page: called off, failed, cut short, closed', async () => {
    const { organizer, truck } = await party();
    type Over = Partial<typeof events.$inferInsert> & { daysAhead?: number };
    const make = (over: Over) =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        ...over,
      });
    const cases: [Over, string][] = [
      [{}, '0% funded, $500 to go. Pre-order your food: cards are only charged if the goal is reached.'],
      [{ status: 'processing', currentSales: 60_000 }, 'Goal reached. Pre-order your food.'],
      [
        { status: 'cancelled', cancelledBy: 'organizer' },
        'This event was called off. Not taking pre-orders.',
      ],
      [{ status: 'payment_failed' }, 'This event will not take place: not enough payments went through.'],
      [
        { status: 'closed', daysAhead: -2, currentSales: 60_000 },
        'This event has taken place. Not taking pre-orders.',
      ],
      [
        { status: 'closed', daysAhead: -2, cutShortAt: clock.now() },
        'This event ended early. Not taking pre-orders.',
      ],
    ];
    for (const [over, line] of cases) {
      const event = await make(over);
      const res = await app.inject({ url: `/events/public/${event.id}` });
      expect(res.statusCode).toBe(200);
      expect(shareCard(res.body)).toMatch(new RegExp(`\\. Taco Loco\\. ${line.replace(/[.$()]/g, '\\$&')}$`));
    }
  });
});

describe('the public list', () => {
  it('counts every event that matches in total, not the page loaded', async () => {
    const { organizer, truck } = await party();
    for (let i = 0; i < 23; i++)
      await createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead: 2 + (i % 5),
      });
    // Not counted: hidden, closed, waiting for the truck.
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      hidden: true,
    });
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'closed',
    });
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'pending_approval',
    });
    await app.ctx.publicReads.catchUp();
    const first = (await app.inject({ url: `/api/events/public?organizer=${organizer.id}&limit=20` })).json();
    expect(first.events).toHaveLength(20);
    expect(first.total).toBe(23);
    const second = (
      await app.inject({
        url: `/api/events/public?organizer=${organizer.id}&limit=20&cursor=${first.nextCursor}`,
      })
    ).json();
    expect(second.events).toHaveLength(3);
    expect(second.total).toBe(23);
    const all = (await app.inject({ url: '/api/events/public?limit=5' })).json();
    expect(all.events).toHaveLength(5);
    expect(all.total).toBeGreaterThanOrEqual(23);
  });
});

describe('a start time a daylight-saving night skips', () => {
  const nightOf = {
    title: 'Spring Forward Social',
    date: '2027-03-14',
    startTime: '02:30',
    endTime: '05:00',
    timeZone: 'America/New_York',
    location: 'Lincoln Elementary, Brooklyn, NY',
    expectedDiners: 40,
    minimumSales: '300.00',
  };

  it('is refused with its reason and a stable code when the event is created, never moved to 03:30', async () => {
    const truck = await createBookableTruck(database.db, { minimumSales: 10_000 });
    const organizer = await createUser(database.db);
    const agent = new Agent(app);
    await agent.login(organizer.username);
    const res = await agent.post('/api/events', { ...nightOf, foodTruckId: truck.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'time_skipped_by_clock_change',
      errors: {
        startTime: expect.stringContaining('02:30 does not exist on 2027-03-14 in America/New_York'),
      },
    });
    const mine = await database.db.select().from(events).where(eq(events.organizerId, organizer.id));
    expect(mine).toEqual([]);
    // An hour later exists, and is taken as written.
    const ok = await agent.post('/api/events', { ...nightOf, startTime: '03:30', foodTruckId: truck.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().startsAt).toBe('2027-03-14T07:30:00.000Z');
  });

  it('is refused the same way when an accepted event is moved onto it', async () => {
    const { organizer, truck } = await party();
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      timeZone: 'America/New_York',
    });
    const agent = new Agent(app);
    await agent.login(organizer.username);
    const res = await agent.post(`/api/events/${event.id}/change-requests`, {
      date: '2027-03-14',
      startTime: '02:30',
      endTime: '04:00',
      location: event.location,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('time_skipped_by_clock_change');
    expect(res.json().errors.startTime).toContain('Choose another start time (03:30 is the same moment)');
  });
});
