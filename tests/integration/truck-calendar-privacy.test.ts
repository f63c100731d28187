import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventStatus } from '../../src/core/event-status';
import type { Database } from '../../src/server/db/client';
import { events, outbox } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A truck's calendar (decision 214): its private note on a blocked date reaches the truck alone, in
 * every answer and mail, whoever asks; and a date that holds an event it accepted can't be blocked
 * (409, the event named), so an event never stays on behind a calendar that says the truck is away.
 * Calling the event off stays its own act.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const NOTE = 'Divorce hearing';
let serial = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signedIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

/** A truck organizers can book (a name, a minimum, a dish), signed in. */
async function bookableTruck(name = `Truck ${++serial}`) {
  const truck = await createTruck(database.db, {
    businessName: name,
    cuisine: `cuisine${serial}`,
    minimumSales: 20_000,
  });
  await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  return { truck, agent: await signedIn(truck) };
}

async function organizer() {
  const user = await createUser(database.db, { contactEmail: `organizer${++serial}@example.com` });
  return { user, agent: await signedIn(user) };
}

const eventRequest = (foodTruckId: number, date: string, title = 'Winter Market') => ({
  title,
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

const block = (agent: Agent, startsOn: string, endsOn = startsOn, note: string | null = NOTE) =>
  agent.post('/api/trucks/me/availability/ranges', { startsOn, endsOn, note });

const setWeek = (agent: Agent, unavailableWeekdays: number[]) =>
  agent.request({ method: 'PUT', url: '/api/trucks/me/availability/week', payload: { unavailableWeekdays } });

async function mailCount() {
  return (await database.db.select({ id: outbox.id }).from(outbox)).length;
}

/** An organizer asks for `date` and the truck accepts: the event is on. */
async function acceptedEvent(truck: { truck: { id: number }; agent: Agent }, date: string, title?: string) {
  const { agent } = await organizer();
  const created = await agent.post('/api/events', eventRequest(truck.truck.id, date, title));
  expect(created.statusCode, created.body).toBe(201);
  const approved = await truck.agent.post(`/api/events/${created.json().id}/approve`, {
    status: 'approved',
    minimumSales: 500,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id: created.json().id as number, organizer: agent };
}

describe('a truck’s private note', () => {
  it('reaches the truck alone: never an organizer, a visitor or another truck, in any answer or mail', async () => {
    const taco = await bookableTruck('Taco Loco');
    expect((await block(taco.agent, '2026-12-20')).statusCode).toBe(201);

    // The organizer who picks that date is told the truck can't, never why.
    const olivia = await organizer();
    const refused = await olivia.agent.post('/api/events', eventRequest(taco.truck.id, '2026-12-20'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'truck_unavailable',
      message:
        'Taco Loco is not available on Sunday, December 20, 2026. Please choose another date or truck.',
      errors: {
        date: 'Taco Loco is not available on Sunday, December 20, 2026. Please choose another date or truck.',
      },
    });

    // A request on another date goes through, is accepted, and mails go out: none carries the note.
    const booked = await olivia.agent.post('/api/events', eventRequest(taco.truck.id, '2026-12-22'));
    expect(booked.statusCode).toBe(201);
    const approved = await taco.agent.post(`/api/events/${booked.json().id}/approve`, {
      status: 'approved',
      minimumSales: 500,
    });
    expect(approved.statusCode).toBe(200);

    const other = await bookableTruck();
    const callers: Array<[string, Agent]> = [
      ['anonymous', new Agent(app)],
      ['organizer', olivia.agent],
      ['another truck', other.agent],
    ];
    const id = taco.truck.id;
    const reads = [
      `/api/trucks/${id}/availability?date=2026-12-20`,
      `/api/trucks/${id}/availability?from=2026-12-01&to=2026-12-31`,
      `/api/trucks/${id}`,
      `/api/trucks?cuisine=${taco.truck.cuisine}`,
      `/api/trucks?freeOn=2026-12-21`,
      `/api/events/${booked.json().id}`,
    ];
    for (const [who, agent] of callers) {
      for (const url of reads) {
        const res = await agent.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        expect(res.body, `${who} ${url}`).not.toContain(NOTE);
      }
      // "My calendar" is the caller's own: refused to those without one, another truck's own for it.
      const mine = await agent.get('/api/trucks/me/availability');
      expect(mine.statusCode, who).toBe(who === 'another truck' ? 200 : who === 'anonymous' ? 401 : 403);
      expect(mine.body, who).not.toContain(NOTE);
    }
    const day = (await new Agent(app).get(`/api/trucks/${id}/availability?date=2026-12-20`)).json();
    expect(day.unavailableDates).toEqual([{ startsOn: '2026-12-20', endsOn: '2026-12-20' }]);
    expect(day.date).toEqual({
      date: '2026-12-20',
      available: false,
      reason: 'Taco Loco is not available on Sunday, December 20, 2026. Please choose another date or truck.',
    });

    const mails = await database.db.select().from(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.textBody}\n${mail.htmlBody ?? ''}`, mail.kind).not.toContain(NOTE);
    }

    // The truck itself reads its note.
    const own = (await taco.agent.get('/api/trucks/me/availability')).json();
    expect(own.ranges).toEqual([
      { id: expect.any(Number), startsOn: '2026-12-20', endsOn: '2026-12-20', note: NOTE },
    ]);
  });
});

describe('blocking days that hold an accepted event', () => {
  it('is refused with the event named, and the event stays on, untold', async () => {
    const truck = await bookableTruck();
    const market = await acceptedEvent(truck, '2026-12-20', 'Winter Market');
    const before = await mailCount();

    const HELD =
      'You accepted “Winter Market” on Sunday, December 20, 2026. Blocking that date would not call that event off: ' +
      "if you can't come, call that event off from My Bookings first (diners and the organizer are told), then block the date.";
    for (const [from, to] of [
      ['2026-12-20', '2026-12-20'],
      ['2026-12-19', '2026-12-21'],
      ['2026-12-01', '2026-12-31'],
    ] as const) {
      const res = await block(truck.agent, from, to);
      expect(res.statusCode, `${from}..${to}`).toBe(409);
      expect(res.json()).toEqual({ code: 'date_holds_accepted_event', message: HELD });
    }
    // Days off every week: a Sunday (December 20) is refused the same way; other days are not.
    const sundays = await setWeek(truck.agent, [0, 6]);
    expect(sundays.statusCode).toBe(409);
    expect(sundays.json().message).toBe(HELD);

    // Nothing was written, nobody was told, the event is still on and still on sale.
    expect((await truck.agent.get('/api/trucks/me/availability')).json()).toEqual({
      ranges: [],
      unavailableWeekdays: [],
    });
    expect(await mailCount()).toBe(before);
    const event = await market.organizer.get(`/api/events/${market.id}`);
    expect(event.json().status).toBe('approved');

    // Dates around it, and other weekdays, can be blocked.
    expect((await block(truck.agent, '2026-12-21', '2026-12-24')).statusCode).toBe(201);
    expect((await block(truck.agent, '2026-12-10', '2026-12-19')).statusCode).toBe(201);
    expect((await setWeek(truck.agent, [1, 6])).statusCode).toBe(200);

    // Calling the event off is its own act; then the date is free to block.
    const calledOff = await truck.agent.post(`/api/events/${market.id}/cancel`, { reason: 'Court date' });
    expect(calledOff.statusCode).toBe(200);
    expect((await block(truck.agent, '2026-12-20')).statusCode).toBe(201);
    expect((await setWeek(truck.agent, [0, 1, 6])).statusCode).toBe(200);
  });

  it('names several events, the first three and how many more', async () => {
    const truck = await bookableTruck();
    for (const [date, title] of [
      ['2026-12-05', 'One'],
      ['2026-12-06', 'Two'],
      ['2026-12-12', 'Three'],
      ['2026-12-13', 'Four'],
      ['2026-12-19', 'Five'],
    ] as const)
      await acceptedEvent(truck, date, title);
    const res = await block(truck.agent, '2026-12-01', '2026-12-31');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^You accepted “One” on Saturday, December 5, 2026, “Two” on Sunday, December 6, 2026, “Three” on Saturday, December 12, 2026 and 2 more\. Blocking those dates would not call those events off/,
    );
    // Sundays hold two of them; Mondays none.
    expect((await setWeek(truck.agent, [0])).json().message).toMatch(/^You accepted “Two” on Sunday/);
    expect((await setWeek(truck.agent, [1])).statusCode).toBe(200);
  });

  it.each<[EventStatus, number]>([
    ['approved', 409],
    ['processing', 409],
    ['confirmed', 409],
    ['pending_approval', 201],
    ['rejected', 201],
    ['cancelled', 201],
    ['payment_failed', 201],
    ['closed', 201],
  ])('an event %s on the date: %i', async (status, expected) => {
    const truck = await bookableTruck();
    const { user } = await organizer();
    await createEvent(database.db, {
      organizerId: user.id,
      foodTruckId: truck.truck.id,
      now: clock.now(),
      date: '2027-01-09',
      status,
    });
    expect((await block(truck.agent, '2027-01-08', '2027-01-10')).statusCode).toBe(expected);
  });

  it('minds only the truck’s own events, from today on, and a weekday it already had', async () => {
    const truck = await bookableTruck();
    const other = await bookableTruck();
    const { user } = await organizer();
    // Another truck's accepted event that day is no reason to refuse.
    await createEvent(database.db, {
      organizerId: user.id,
      foodTruckId: other.truck.id,
      now: clock.now(),
      date: '2027-01-16',
    });
    expect((await block(truck.agent, '2027-01-16')).statusCode).toBe(201);

    // A Saturday off it already had stays when an event on a Saturday was accepted since (an admin's
    // or an old acceptance): saving the week with another day added is not refused for it.
    expect((await setWeek(truck.agent, [6])).statusCode).toBe(200);
    const saturday = await createEvent(database.db, {
      organizerId: user.id,
      foodTruckId: truck.truck.id,
      now: clock.now(),
      date: '2027-01-23',
    });
    expect((await setWeek(truck.agent, [2, 6])).statusCode).toBe(200);
    // Adding the day again after taking it off is adding it: refused while that event is on.
    expect((await setWeek(truck.agent, [2])).statusCode).toBe(200);
    expect((await setWeek(truck.agent, [2, 6])).statusCode).toBe(409);

    // Once the event's date has passed, a day off on that weekday is the truck's own business.
    clock.set('2027-01-24T12:00:00Z');
    expect((await setWeek(await signedIn(truck.truck), [2, 6])).statusCode).toBe(200);
    const [row] = await database.db.select().from(events).where(eq(events.id, saturday.id));
    expect(row!.status).toBe('approved');
  });
});
