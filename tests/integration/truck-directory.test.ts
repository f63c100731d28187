import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Finding a truck (docs/decisions/170-truck-availability.md): the public directory lists only trucks
 * that can be booked, filters and pages by cursor; a truck keeps its calendar; a request for a date the
 * truck can't take is refused with the reason, and one truck accepts one event per date, even racing.
 */
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
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

let serial = 0;
async function listedTruck(extra: Parameters<typeof createTruck>[1] = {}) {
  const truck = await createTruck(database.db, { businessName: `Truck ${++serial}`, ...extra });
  await createMenuItem(database.db, { foodTruckId: truck.id });
  return truck;
}

async function signedIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

const request = (foodTruckId: number, date: string) => ({
  title: 'Spring Fundraiser',
  date,
  startTime: '17:30',
  endTime: '20:00',
  timeZone: 'America/Chicago',
  location: 'Lincoln Elementary, Austin, TX',
  expectedDiners: 120,
  minimumSales: '500.00',
  foodTruckId,
  priceMarkupPercentage: 10,
});

describe('the truck directory', () => {
  it('lists only trucks an organizer can book, filters them and pages by cursor', async () => {
    const tag = `dir${Date.now()}`;
    // Not listed: no name, no minimum, nothing on the menu.
    const nameless = await createTruck(database.db, { businessName: null, cuisine: tag });
    await createMenuItem(database.db, { foodTruckId: nameless.id });
    const noMinimum = await createTruck(database.db, { minimumSales: null, cuisine: tag });
    await createMenuItem(database.db, { foodTruckId: noMinimum.id });
    await createTruck(database.db, { cuisine: tag });
    const listed = [];
    for (let i = 0; i < 5; i++) {
      listed.push(
        await listedTruck({
          businessName: `${tag} Truck ${i}`,
          cuisine: tag,
          minimumSales: (i + 1) * 10_000,
          location: i % 2 ? 'East Austin, TX' : 'Round Rock, TX',
        }),
      );
    }

    const all = (await app.inject({ url: `/api/trucks?cuisine=${tag.toUpperCase()}` })).json();
    expect(all.trucks.map((t: { id: number }) => t.id)).toEqual(listed.map((t) => t.id));
    expect(all.trucks[0]).toMatchObject({
      menuItemCount: 1,
      nextFreeDate: '2026-11-21',
      minimumSales: '100.00',
    });
    expect(all.cuisines).toContain(tag);

    // Two at a time, every truck once.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { trucks: { id: number }[]; nextCursor: string | null } = (
        await app.inject({
          url: `/api/trucks?cuisine=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        })
      ).json();
      seen.push(...page.trucks.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(listed.map((t) => t.id));

    const east = (await app.inject({ url: `/api/trucks?cuisine=${tag}&area=east%20austin` })).json();
    expect(east.trucks.map((t: { id: number }) => t.id)).toEqual([listed[1]!.id, listed[3]!.id]);
    const mid = (await app.inject({ url: `/api/trucks?cuisine=${tag}&minFrom=200&minTo=400` })).json();
    expect(mid.trucks.map((t: { id: number }) => t.id)).toEqual([
      listed[1]!.id,
      listed[2]!.id,
      listed[3]!.id,
    ]);

    expect((await app.inject({ url: '/api/trucks?minFrom=500&minTo=100' })).statusCode).toBe(400);
    const bad = await app.inject({ url: '/api/trucks?cursor=nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/page link is not valid/);
  });

  it('finds trucks by a part of their name, any case, a page at a time', async () => {
    // Names sort by lowercase; `%` and `_` are letters here, not patterns.
    const names = ['Brisket Barn', 'brisket bus', 'BRISKET BOX', 'The Brisket_Hut', 'Bris Ket Tacos'];
    const trucks = [];
    for (const businessName of names) trucks.push(await listedTruck({ businessName }));
    const page = async (query: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/trucks?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { trucks: Array<{ id: number; businessName: string }>; nextCursor: string | null };
    };
    const first = await page('q=brisket&limit=2');
    expect(first.trucks.map((t) => t.businessName)).toEqual(['Brisket Barn', 'BRISKET BOX']);
    const second = await page(`q=brisket&limit=2&cursor=${first.nextCursor}`);
    expect(second.trucks.map((t) => t.businessName)).toEqual(['brisket bus', 'The Brisket_Hut']);
    expect(second.nextCursor).toBeNull();
    expect((await page('q=brisket_h')).trucks.map((t) => t.id)).toEqual([trucks[3]!.id]);
    expect((await page('q=brisket%25')).trucks).toEqual([]);
    expect((await app.inject({ url: `/api/trucks?q=${'x'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('shows a truck’s page with its upcoming public events, and 404 for a truck that is not listed', async () => {
    const truck = await listedTruck();
    const organizer = await createUser(database.db, { role: 'organizer' });
    const now = clock.now();
    const event = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id, now });
    await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now,
      hidden: true,
      daysAhead: 5,
    });
    const page = (await app.inject({ url: `/api/trucks/${truck.id}` })).json();
    expect(page.upcomingEvents.map((e: { id: number }) => e.id)).toEqual([event.id]);
    const unlisted = await createTruck(database.db, {});
    expect((await app.inject({ url: `/api/trucks/${unlisted.id}` })).statusCode).toBe(404);
  });
});

describe('a truck’s calendar', () => {
  it('lets a truck mark dates and days off, which the directory and the create form respect', async () => {
    const truck = await listedTruck({ cuisine: `cal${Date.now()}` });
    const agent = await signedIn(truck);
    const range = await agent.post('/api/trucks/me/availability/ranges', {
      startsOn: '2026-12-24',
      endsOn: '2026-12-26',
      note: 'Family holiday',
    });
    expect(range.statusCode).toBe(201);
    expect(
      (
        await agent.request({
          method: 'PUT',
          url: '/api/trucks/me/availability/week',
          payload: { unavailableWeekdays: [1] },
        })
      ).statusCode,
    ).toBe(200);
    const own = (await agent.get('/api/trucks/me/availability')).json();
    expect(own).toEqual({
      ranges: [{ id: range.json().id, startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'Family holiday' }],
      unavailableWeekdays: [1],
    });

    // Anyone sees when, not why.
    const publicView = (
      await app.inject({ url: `/api/trucks/${truck.id}/availability?date=2026-12-25` })
    ).json();
    expect(publicView.unavailableDates).toEqual([{ startsOn: '2026-12-24', endsOn: '2026-12-26' }]);
    expect(publicView.date).toEqual({
      date: '2026-12-25',
      available: false,
      reason: `${truck.businessName} is not available on Friday, December 25, 2026. Please choose another date or truck.`,
    });
    expect(publicView.nextFreeDate).toBe('2026-12-27');
    const monday = (await app.inject({ url: `/api/trucks/${truck.id}/availability?date=2026-12-07` })).json();
    expect(monday.date.reason).toBe(
      `${truck.businessName} does not work on Mondays. Please choose another date or truck.`,
    );

    const filter = (cuisine: string, date: string) =>
      app
        .inject({ url: `/api/trucks?cuisine=${cuisine}&freeOn=${date}` })
        .then((r) => r.json().trucks.length);
    expect(await filter(truck.cuisine!, '2026-12-25')).toBe(0);
    expect(await filter(truck.cuisine!, '2026-12-07')).toBe(0);
    expect(await filter(truck.cuisine!, '2026-12-08')).toBe(1);

    const organizer = await createUser(database.db, { role: 'organizer' });
    const organizerAgent = await signedIn(organizer);
    const refused = await organizerAgent.post('/api/events', request(truck.id, '2026-12-25'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.date).toMatch(/not available on Friday, December 25, 2026/);
    expect((await organizerAgent.post('/api/events', request(truck.id, '2026-12-08'))).statusCode).toBe(201);

    // Removing the period frees the dates; someone else's period can't be removed.
    const other = await signedIn(await listedTruck());
    expect((await other.delete(`/api/trucks/me/availability/ranges/${range.json().id}`)).statusCode).toBe(
      404,
    );
    expect((await agent.delete(`/api/trucks/me/availability/ranges/${range.json().id}`)).statusCode).toBe(
      200,
    );
    expect(await filter(truck.cuisine!, '2026-12-25')).toBe(1);
  });

  it('refuses bad periods with a clear reason, and only trucks keep a calendar', async () => {
    const truck = await listedTruck();
    const agent = await signedIn(truck);
    const backwards = await agent.post('/api/trucks/me/availability/ranges', {
      startsOn: '2026-12-10',
      endsOn: '2026-12-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsOn).toBe('The last day cannot be before the first');
    const past = await agent.post('/api/trucks/me/availability/ranges', {
      startsOn: '2026-10-01',
      endsOn: '2026-10-02',
    });
    expect(past.statusCode).toBe(400);
    const organizer = await signedIn(await createUser(database.db, { role: 'organizer' }));
    expect(
      (
        await organizer.post('/api/trucks/me/availability/ranges', {
          startsOn: '2026-12-10',
          endsOn: '2026-12-11',
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/api/trucks/me/availability' })).statusCode).toBe(401);
  });
});

describe('one accepted event per truck and date', () => {
  it('refuses a request for a date the truck already accepted an event for', async () => {
    const truck = await listedTruck();
    const organizer = await createUser(database.db, { role: 'organizer' });
    const booked = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const agent = await signedIn(organizer);
    const refused = await agent.post('/api/events', request(truck.id, booked.date));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/is already booked on/);
  });

  it('lets only one of several requests for one date be accepted, however they race', async () => {
    for (let round = 0; round < 3; round++) {
      const truck = await listedTruck();
      const organizer = await createUser(database.db, { role: 'organizer' });
      const pending = await Promise.all(
        Array.from({ length: 6 }, () =>
          createEvent(database.db, {
            organizerId: organizer.id,
            foodTruckId: truck.id,
            now: clock.now(),
            status: 'pending_approval',
            daysAhead: 10,
          }),
        ),
      );
      const agent = await signedIn(truck);
      const answers = await Promise.all(
        pending.map((event) =>
          agent.post(`/api/events/${event.id}/approve`, { status: 'approved', minimumSales: '500.00' }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(
        /already accepted an event on this date/,
      );
    }
  });
});
