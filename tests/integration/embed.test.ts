import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEventsPage } from '../../src/contract/events';
import type { Database } from '../../src/server/db/client';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Every page of the list as a visitor's embed walks it, following `nextCursor`. */
async function walk(query: string): Promise<{ ids: number[]; pages: number }> {
  const visitor = new Agent(app);
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await visitor.get(
      `/api/events/public?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PublicEventsPage;
    ids.push(...page.events.map((e) => e.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

describe('the embed’s list (GET /api/events/public with organizer or event)', () => {
  it('pages through all of one organizer’s events, or shows one event, and never a hidden one', async () => {
    const truck = await createTruck(database.db);
    const pta = await createUser(database.db, { businessName: 'Lincoln PTA' });
    const club = await createUser(database.db, { businessName: 'Chess Club' });
    const mine: number[] = [];
    for (let i = 0; i < 27; i++) {
      const event = await createEvent(database.db, {
        organizerId: pta.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead: 2 + i,
      });
      mine.push(event.id);
    }
    const hidden = await createEvent(database.db, {
      organizerId: pta.id,
      foodTruckId: truck.id,
      now: clock.now(),
      hidden: true,
      hiddenReason: 'Spam',
    });
    const theirs = await createEvent(database.db, {
      organizerId: club.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });

    const all = await walk(`organizer=${pta.id}`);
    expect(all.ids).toEqual(mine); // soonest first, every one, in two pages of at most 20
    expect(all.pages).toBe(2);
    expect(all.ids).not.toContain(hidden.id);
    expect((await walk(`organizer=${club.id}`)).ids).toEqual([theirs.id]);

    const one = await walk(`event=${mine[5]}`);
    expect(one.ids).toEqual([mine[5]]);
    expect((await walk(`event=${hidden.id}`)).ids).toEqual([]);
    // Progress travels with each event.
    const page = (
      await new Agent(app).get(`/api/events/public?event=${theirs.id}`)
    ).json() as PublicEventsPage;
    expect(page.events[0]).toMatchObject({ currentSales: '0.00', minimumSales: '500.00' });
  });

  it('refuses a malformed organizer or event with a message, never a 500', async () => {
    for (const query of ['organizer=abc', 'organizer=0', 'event=-4', 'event=99999999999']) {
      const res = await new Agent(app).get(`/api/events/public?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message.length).toBeGreaterThan(3);
    }
  });
});
