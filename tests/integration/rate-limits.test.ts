import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { menuItems, outbox, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { GeocoderStub } from '../support/geocoder-stub';
import { makePng, toDataUrl } from '../support/images';
import { Agent, createClock, createTestApp, openTestDatabase, TEST_ORIGIN } from '../support/test-app';

/** Two instances on one database, with small limits: every limit counts across both. */
let database: Database & { url?: string };
let secondHandle: Database | undefined;
let stub: GeocoderStub;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const apps: FastifyInstance[] = [];
const HOUR = 60 * 60 * 1000;
/** A small picture of its own colour for the n-th upload. */
const picture = (n: number) => toDataUrl(makePng(8, 8, [n % 256, (n * 7) % 256, 90]));

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'austin, tx': { lat: '30.27', lon: '-97.74', display_name: 'Austin, Texas, United States' },
  });
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  const config = {
    now: clock.now,
    geocoderUrl: stub.url,
    rateLimits: {
      registration: { max: 3, windowMs: HOUR },
      orders: { max: 5, windowMs: 10 * 60 * 1000 },
      invitations: { max: 2, windowMs: HOUR },
      geocoding: { max: 3, windowMs: 60 * 1000 },
      chat: { max: 3, windowMs: 60 * 1000 },
      sessions: { max: 3, windowMs: 10 * 60 * 1000 },
      uploads: { max: 2, windowMs: HOUR },
      uploadsPerAddress: { max: 3, windowMs: HOUR },
      refunds: { max: 3, windowMs: 10 * 60 * 1000 },
    },
  };
  apps.push(await createTestApp(database, config), await createTestApp(secondHandle ?? database, config));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await secondHandle?.close();
  await database.close();
  await stub.close();
});

/** The n-th request goes to instance n mod 2, as a round-robin load balancer would send it. */
const instance = (n: number) => apps[n % 2]!;

describe('limits every instance shares', () => {
  it('registration: the fourth account from one address in an hour gets 429 with Retry-After', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await new Agent(instance(i), '10.20.0.1').post('/api/register', {
        username: `signup${i}`,
        password: 'violet-harbor-42',
        role: 'organizer',
      });
      codes.push(res.statusCode);
      if (i === 3) {
        expect(res.json().message).toBe(
          'Too many accounts were created from your network. Please try again in 60 minutes.',
        );
        expect(res.headers['retry-after']).toBe('3600');
      }
    }
    expect(codes).toEqual([201, 201, 201, 429]);
    // Another address is not affected; the first one is welcome again after the hour.
    const other = await new Agent(instance(0), '10.20.0.2').post('/api/register', {
      username: 'signup-elsewhere',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    expect(other.statusCode).toBe(201);
    clock.advance(HOUR);
    const later = await new Agent(instance(1), '10.20.0.1').post('/api/register', {
      username: 'signup-later',
      password: 'violet-harbor-42',
      role: 'organizer',
    });
    expect(later.statusCode).toBe(201);
  });

  it('orders: of 20 simultaneous checkouts from one address, exactly 5 become orders', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Agent(instance(i), '10.21.0.1').post(`/api/events/${event.id}/create-payment-intent`, {
          items: [{ menuItemId: taco.id, quantity: 1 }],
          customerName: 'Rush Hour',
          customerEmail: `rush${i}@example.com`,
          amount: 1050,
          platformFeePercentage: 5,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200).length).toBe(5);
    expect(codes.filter((c) => c === 429).length).toBe(15);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Too many orders were placed from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(rows).toHaveLength(5);
  });

  it('invitations: a signed-in sender is limited wherever they send from', async () => {
    const organizer = await createUser(database.db, {
      username: 'inviter',
      contactEmail: 'inviter@example.com',
    });
    const truck = await createTruck(database.db);
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      const agent = new Agent(instance(i), `10.22.0.${i}`);
      await agent.login('inviter');
      const res = await agent.post(`/api/events/${event.id}/invite`, { emails: [`friend${i}@example.com`] });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    const mail = await database.db.select().from(outbox).where(eq(outbox.kind, 'invite'));
    expect(
      mail
        .filter((m) => m.recipient.startsWith('friend'))
        .map((m) => m.recipient)
        .sort(),
    ).toEqual(['friend0@example.com', 'friend1@example.com']);
  });

  it('geocoding: the fourth lookup in a minute gets 429, and the map may try again after it', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await new Agent(instance(i), '10.23.0.1').get('/api/geocode?location=Austin%2C%20TX')).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
    clock.advance(60 * 1000);
    expect(
      (await new Agent(instance(0), '10.23.0.1').get('/api/geocode?location=Austin%2C%20TX')).statusCode,
    ).toBe(200);
  });

  it('chat: opening the chat over and over from one address gets 429', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await new Agent(instance(i), '10.24.0.1').get('/api/chat/history')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await new Agent(instance(0), '10.24.0.1').get('/api/chat/history');
    expect(res.json().message).toMatch(
      /^Too many chat connections from your network\. Please try again in \d+ (seconds?|minute)\.$/,
    );
  });

  it('uploads: a third picture from one account, or a fourth from one address, in an hour gets 429', async () => {
    const trucks = [await createTruck(database.db), await createTruck(database.db)];
    const agents = [new Agent(instance(0), '10.26.0.1'), new Agent(instance(1), '10.26.0.1')];
    await agents[0]!.login(trucks[0]!.username);
    await agents[1]!.login(trucks[1]!.username);
    const upload = (who: number, n: number) =>
      agents[who]!.post('/api/menu-items', { name: `Dish ${n}`, price: 5, image: picture(n) });
    expect([(await upload(0, 1)).statusCode, (await upload(0, 2)).statusCode]).toEqual([201, 201]);
    const third = await upload(0, 3);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Too many pictures were uploaded from your account. Please try again in 60 minutes.',
    );
    expect(third.headers['retry-after']).toBe('3600');
    // A save without a new picture costs nothing.
    expect((await agents[0]!.post('/api/menu-items', { name: 'Plain', price: 5 })).statusCode).toBe(201);
    // The second account on the same address: the address has room for one more of the three.
    expect((await upload(1, 4)).statusCode).toBe(201);
    const fromAddress = await upload(1, 5);
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.json().message).toBe(
      'Too many pictures were uploaded from your network. Please try again in 60 minutes.',
    );
    // Nothing was stored for the refused uploads.
    const dishes = await database.db.select().from(menuItems).where(eq(menuItems.foodTruckId, trucks[1]!.id));
    expect(dishes.map((d) => d.name)).toEqual(['Dish 4']);
  });

  it('sessions: the fourth new browser from one address in 10 minutes gets 429 and no session', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(await new Agent(instance(i), '10.25.0.1').post('/api/session', {}));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    const sessionCookies = answers.map((res) => res.cookies.some((c) => c.name === 'sid'));
    expect(sessionCookies).toEqual([true, true, true, false]);
    expect(answers[3]!.json().message).toBe(
      'Too many new visits from your network. Please try again in 10 minutes.',
    );
    expect(answers[3]!.headers['retry-after']).toBe('600');
    expect((await new Agent(instance(0), '10.25.0.2').post('/api/session', {})).statusCode).toBe(200);
    clock.advance(10 * 60 * 1000);
    expect((await new Agent(instance(1), '10.25.0.1').post('/api/session', {})).statusCode).toBe(200);
  });
});

/**
 * The documented defaults, each counted on its own route: one address spends every limited route's
 * whole budget in turn, each route admits exactly its figure and refuses the next, so no route's
 * traffic ever spent another's (before the fix every key was `rl:undefined:undefined:<address>`).
 */
describe('each limit counts its own route, at its documented default', () => {
  const ADDRESS = '10.30.0.1';
  const defaults: FastifyInstance[] = [];
  const on = (n: number) => defaults[n % 2]!;

  beforeAll(async () => {
    const config = { now: clock.now, geocoderUrl: stub.url, rateLimits: DEFAULT_RATE_LIMITS };
    defaults.push(
      await createTestApp(database, config),
      await createTestApp(secondHandle ?? database, config),
    );
  });
  afterAll(async () => {
    for (const app of defaults) await app.close();
  });

  /** Sends `figure + 1` requests in order: all but the last must pass, the last is 429. */
  async function spend(figure: number | undefined, send: (n: number) => Promise<{ statusCode: number }>) {
    expect(figure).toBeGreaterThan(0);
    const codes: number[] = [];
    for (let n = 0; n <= figure!; n++) codes.push((await send(n)).statusCode);
    const admitted = codes.slice(0, -1);
    expect(admitted.filter((code) => code === 429)).toEqual([]);
    expect(codes.at(-1)).toBe(429);
    return admitted;
  }

  it('11 chat-history loads leave the registration budget whole', async () => {
    const address = '10.30.1.1';
    for (let n = 0; n < 11; n++)
      expect((await new Agent(on(n), address).get('/api/chat/history')).statusCode).toBe(200);
    const res = await new Agent(on(0), address).post('/api/register', {
      username: 'after-chat',
      password: 'a-long-and-unusual-passphrase-41',
      role: 'organizer',
    });
    expect(res.statusCode).toBe(201);
  });

  it('one address gets every route’s documented figure, one route after another', async () => {
    const limits = DEFAULT_RATE_LIMITS;
    const organizer = await createUser(database.db, {
      username: 'budget-owner',
      contactEmail: 'b@example.com',
    });
    const truck = await createTruck(database.db);
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 10_000_000,
    });

    // GET /api/chat/history: 30 a minute.
    expect(
      await spend(limits.chat?.max, (n) => new Agent(on(n), ADDRESS).get('/api/chat/history')),
    ).toSatisfy((codes: number[]) => codes.every((c) => c === 200));
    // GET /ws/chat (socket openings; without an upgrade it answers 404 but counts the same): 30 a minute.
    const chatter = new Agent(on(0), ADDRESS);
    await chatter.post('/api/session', {});
    await spend(limits.chat?.max, () => chatter.get('/ws/chat', { origin: TEST_ORIGIN }));
    // GET /api/geocode: 20 a minute.
    await spend(limits.geocoding?.max, (n) =>
      new Agent(on(n), ADDRESS).get('/api/geocode?location=Austin%2C%20TX'),
    );
    // POST /api/session: 120 in 10 minutes (the one `chatter` started counts).
    const sessions = await spend(limits.sessions ? limits.sessions.max - 1 : undefined, (n) =>
      new Agent(on(n), ADDRESS).post('/api/session', {}),
    );
    expect(new Set(sessions)).toEqual(new Set([200]));
    // POST /api/session/forget: its own 120 in 10 minutes.
    await spend(limits.sessions?.max, (n) => new Agent(on(n), ADDRESS).post('/api/session/forget', {}));
    // POST /api/register: 10 an hour.
    expect(
      await spend(limits.registration?.max, (n) =>
        new Agent(on(n), ADDRESS).post('/api/register', {
          username: `budget${n}`,
          password: 'a-long-and-unusual-passphrase-41',
          role: 'organizer',
        }),
      ),
    ).toEqual(Array(limits.registration?.max).fill(201));
    // POST /api/events/{id}/create-payment-intent: 30 in 10 minutes.
    expect(
      await spend(limits.orders?.max, (n) =>
        new Agent(on(n), ADDRESS).post(`/api/events/${event.id}/create-payment-intent`, {
          items: [{ menuItemId: taco.id, quantity: 1 }],
          customerName: 'Budget',
          customerEmail: `budget${n}@example.com`,
          amount: 1050,
          platformFeePercentage: 5,
        }),
      ),
    ).toEqual(Array(limits.orders?.max).fill(200));
    // POST /api/events/{id}/invite: 10 an hour per signed-in sender.
    const inviter = new Agent(on(0), ADDRESS);
    await inviter.login('budget-owner');
    expect(
      await spend(limits.invitations?.max, (n) =>
        inviter.post(`/api/events/${event.id}/invite`, { emails: [`budget-friend${n}@example.com`] }),
      ),
    ).toEqual(Array(limits.invitations?.max).fill(200));
    // Pictures: 60 an hour per account (a profile photo changed over and over: the caps never bind),
    // then 120 an hour per address whoever is signed in.
    const uploaders = [
      await createTruck(database.db),
      await createTruck(database.db),
      await createTruck(database.db),
    ];
    const agents: Agent[] = [];
    for (const truck of uploaders) {
      const agent = new Agent(on(agents.length), ADDRESS);
      await agent.login(truck.username);
      agents.push(agent);
    }
    let n = 0;
    const photo = (who: number) =>
      agents[who]!.patch(`/api/users/${uploaders[who]!.id}`, {
        businessName: 'Budget Bites',
        profileImage: picture(n++),
      });
    expect(new Set(await spend(limits.uploads?.max, () => photo(0)))).toEqual(new Set([200]));
    await spend(limits.uploads?.max, () => photo(1));
    const perAddress = limits.uploadsPerAddress!.max - 2 * limits.uploads!.max;
    expect(perAddress).toBe(0);
    const refused = await photo(2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many pictures were uploaded from your network\./);
  }, 180_000);
});
