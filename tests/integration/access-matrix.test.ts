import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Database } from '../../src/server/db/client';
import { eventSponsors, images, imageVariants, promoCodes, truckReviews } from '../../src/server/db/schema';
import { prepareImageDataUrl } from '../../src/server/images/prepare-image';
import { createEvent, createMenuItem } from '../../src/server/seed/factories';
import { GeocoderStub } from '../support/geocoder-stub';
import { SseClient } from '../support/sse-client';
import { Agent, createTestApp, dateAhead, openTestDatabase, TEST_ORIGIN } from '../support/test-app';
import { buildWorld, CALLERS, type Caller, type World } from '../support/world';

/**
 * Every route × every kind of caller: anonymous, two organizers, two trucks, an admin, and the
 * diner's own (guest) session. Organizer A owns the events, truck A was booked and owns the menu,
 * the diner placed the order. Each cell is the exact status that caller must get; a route missing
 * from this table fails the test, so a new route needs its row.
 */
let database: Database;
let app: FastifyInstance;
let world: World;
let stub: GeocoderStub;
/** The app also listens, for the event stream (see openStream). */
let baseUrl: string;
const streams: SseClient[] = [];

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'austin, tx': { lat: '30.27', lon: '-97.74', display_name: 'Austin, TX' },
  });
  database = await openTestDatabase();
  app = await createTestApp(database, { geocoderUrl: stub.url });
  world = await buildWorld(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app?.close();
  await database?.close();
  await stub?.close();
});

type Expect = Partial<Record<Caller, number>> & { others: number };
interface Row {
  expect: Expect;
  send: (agent: Agent, caller: Caller, w: World) => Promise<LightMyRequestResponse>;
  /** What the answer must (not) show beyond its status. */
  check?: (res: LightMyRequestResponse, caller: Caller) => void;
}

const SIGNED_IN: Expect = { anonymous: 401, diner: 401, others: 200 };
const PAYEES: Expect = { anonymous: 401, diner: 401, admin: 403, others: 200 };
const everyone = (status = 200): Expect => ({ others: status });
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

/** A session of its own for routes that end or replace one (the world's sessions must survive). */
async function ownSession(caller: Caller, w: World): Promise<Agent> {
  const agent = new Agent(app, '10.40.0.1');
  const user = caller === 'anonymous' || caller === 'diner' ? null : w.users[caller];
  if (user) await agent.login(user.username);
  else if (caller === 'diner') await agent.get(`/api/events/${w.event.id}/pending-orders`);
  return agent;
}

/** A fresh onboarding link of truck A's (each completes once), as its query string. */
async function onboardingLink(w: World): Promise<string> {
  const res = await w.agents.truckA.clone().post('/api/payouts/account/onboarding');
  return new URL((res.json() as { url: string }).url).search.slice(1);
}

/**
 * An event stream never ends, and under `inject` it never subscribes either: it is opened over a
 * real socket, read until its first message (or, refused, to its end), and left open as a watching
 * browser's would be, so the next caller comes after a viewer.
 */
async function openStream(agent: Agent, url: string): Promise<LightMyRequestResponse> {
  const cookie = agent.cookieHeader();
  const client = await SseClient.open(`${baseUrl}${url}`, cookie ? { cookie } : {});
  streams.push(client);
  await client.until((c) => (c.status === 200 ? c.messages.length > 0 : c.ended), 5000);
  return {
    statusCode: client.status,
    headers: client.headers,
    body: client.body,
    json: () => JSON.parse(client.body) as unknown,
  } as unknown as LightMyRequestResponse;
}

let picture: Promise<string> | undefined;
/** A stored picture nobody refers to (so no clean-up of any caller's pictures takes it). */
function storedPicture(): Promise<string> {
  picture ??= (async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const image = await prepareImageDataUrl(`data:image/png;base64,${png.toString('base64')}`, 'image');
    await app.ctx.db.insert(images).values({
      hash: image.hash,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.length,
      bytes: image.bytes,
    });
    await app.ctx.db.insert(imageVariants).values(image.variants.map((v) => ({ hash: image.hash, ...v })));
    return image.hash;
  })();
  return picture;
}

/** A fresh review of truck A (an organizer's, on the world's event), for routes that act on one once. */
async function reviewOfTruckA(w: World): Promise<number> {
  const [review] = await app.ctx.db
    .insert(truckReviews)
    .values({
      truckId: w.users.truckA.id,
      eventId: w.event.id,
      author: 'diner',
      authorName: 'Dana',
      rating: 5,
    })
    .returning({ id: truckReviews.id });
  return review!.id;
}

const ROWS: Record<string, Row> = {
  'POST /api/register': {
    expect: everyone(201),
    send: async (_a, caller, w) =>
      (await ownSession(caller, w)).post('/api/register', {
        username: unique('reg'),
        password: 'violet-harbor-42',
        role: 'organizer',
      }),
  },
  'POST /api/login': {
    expect: everyone(200),
    send: async (_a, caller, w) =>
      (await ownSession(caller, w)).post('/api/login', {
        username: w.users.truckB.username,
        password: 'password123',
      }),
  },
  'POST /api/logout': {
    expect: everyone(200),
    send: async (_a, caller, w) => (await ownSession(caller, w)).post('/api/logout'),
  },
  'POST /api/session': {
    expect: everyone(200),
    send: async (_a, caller, w) => (await ownSession(caller, w)).post('/api/session'),
  },
  'POST /api/session/forget': {
    expect: everyone(200),
    send: async (_a, caller, w) => (await ownSession(caller, w)).post('/api/session/forget'),
  },
  // Accounts (decision 120). A real change would end the world's other sessions: a wrong current
  // password shows who may ask (400: they may; 401: they may not).
  'POST /api/account/password': {
    expect: { anonymous: 401, diner: 401, others: 400 },
    send: async (_a, caller, w) =>
      (await ownSession(caller, w)).post('/api/account/password', {
        currentPassword: 'not-the-password',
        newPassword: 'violet-harbor-42',
      }),
    check: (res, caller) => {
      if (res.statusCode === 400)
        expect(res.json().errors, caller).toEqual({ currentPassword: 'Incorrect current password' });
    },
  },
  'POST /api/account/email': {
    expect: { anonymous: 401, diner: 401, others: 400 },
    send: async (_a, caller, w) =>
      (await ownSession(caller, w)).post('/api/account/email', {
        email: 'new-address@example.com',
        currentPassword: 'not-the-password',
      }),
  },
  'POST /api/password-reset/request': {
    expect: everyone(200),
    send: (a, _c, w) => a.post('/api/password-reset/request', { login: w.users.truckB.username }),
  },
  'POST /api/password-reset': {
    expect: everyone(400),
    send: (a) => a.post('/api/password-reset', { token: 'x'.repeat(43), password: 'violet-harbor-42' }),
  },
  'POST /api/account/verify-email': {
    expect: everyone(400),
    send: (a) => a.post('/api/account/verify-email', { token: 'x'.repeat(43) }),
  },
  // The trucks' addresses are confirmed (409); the others have none to confirm (400).
  'POST /api/account/verification-email': {
    expect: { anonymous: 401, diner: 401, truckA: 409, truckB: 409, others: 400 },
    send: (a) => a.post('/api/account/verification-email'),
  },
  'PUT /api/account/language': {
    expect: SIGNED_IN,
    send: (a) => a.request({ method: 'PUT', url: '/api/account/language', payload: { language: 'en' } }),
  },
  'GET /api/user': {
    expect: SIGNED_IN,
    send: (a) => a.get('/api/user'),
    check: (res, caller) => {
      if (res.statusCode === 200) expect(res.body).not.toMatch(/password/i);
      if (caller === 'admin') expect(res.json().role).toBe('admin');
    },
  },
  'GET /api/users/:id': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/users/${w.users.truckA.id}`),
    check: (res) => expect(res.body).not.toMatch(/passwordHash/),
  },
  'PATCH /api/users/:id': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    // The whole profile, as the form sends it: the truck stays bookable for the rows after it.
    send: (a, _c, w) =>
      a.patch(`/api/users/${w.users.truckA.id}`, { businessName: 'Taco Loco', minimumSales: 500 }),
  },
  'PUT /api/users/:id/sales-tax': {
    // The truck's own rate (decision 189).
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.request({
        method: 'PUT',
        url: `/api/users/${w.users.truckA.id}/sales-tax`,
        payload: { basisPoints: 0, onFood: true, onMarkup: false },
      }),
  },
  'GET /api/trucks': {
    expect: everyone(),
    send: (a) => a.get('/api/trucks?cuisine=mexican'),
    check: (res) => expect(res.body).not.toMatch(/password|contactEmail|hello@tacoloco/i),
  },
  'GET /api/trucks/:id': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/trucks/${w.users.truckB.id}`),
    check: (res) => expect(res.body).not.toMatch(/password|contactEmail|hello@tacoloco/i),
  },
  'GET /api/trucks/:id/availability': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/trucks/${w.users.truckA.id}/availability?date=2030-01-02`),
  },
  'GET /api/trucks/me/availability': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/trucks/me/availability'),
  },
  'PUT /api/trucks/me/availability/week': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) =>
      a.request({
        method: 'PUT',
        url: '/api/trucks/me/availability/week',
        payload: { unavailableWeekdays: [] },
      }),
  },
  'POST /api/trucks/me/availability/ranges': {
    expect: { truckA: 201, truckB: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a) =>
      a.post('/api/trucks/me/availability/ranges', {
        startsOn: dateAhead(app, 400),
        endsOn: dateAhead(app, 400),
      }),
  },
  'DELETE /api/trucks/me/availability/ranges/:id': {
    expect: { truckA: 200, truckB: 404, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const range = await w.agents.truckA.clone().post('/api/trucks/me/availability/ranges', {
        startsOn: dateAhead(app, 430),
        endsOn: dateAhead(app, 431),
      });
      return a.delete(`/api/trucks/me/availability/ranges/${range.json().id}`);
    },
  },
  'GET /api/trucks/:id/reviews': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/trucks/${w.users.truckA.id}/reviews`),
  },
  'GET /api/events/:id/review': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/review`),
  },
  'POST /api/events/:id/review': {
    // The world's event has not closed: its organizer is told so; nobody else gets that far.
    expect: { organizerA: 409, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/review`, { rating: 5 }),
  },
  'GET /api/orders/:id/review': {
    expect: { diner: 200, others: 404 },
    send: (a, _c, w) => a.get(`/api/orders/${w.orderId}/review`),
  },
  'POST /api/orders/:id/review': {
    expect: { diner: 409, others: 404 },
    send: (a, _c, w) => a.post(`/api/orders/${w.orderId}/review`, { rating: 5 }),
  },
  'POST /api/reviews/:id/reply': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) =>
      a.post(`/api/reviews/${await reviewOfTruckA(w)}/reply`, { reply: 'Thank you!' }),
  },
  'POST /api/admin/reviews/:id/remove': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) =>
      a.post(`/api/admin/reviews/${await reviewOfTruckA(w)}/remove`, { reason: 'Off topic' }),
  },
  'GET /api/menu-items/:id': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/menu-items/${w.users.truckA.id}`),
  },
  'POST /api/menu-items': {
    expect: { truckA: 201, truckB: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.post('/api/menu-items', { name: 'Elote', price: 4, category: 'Side' }),
  },
  'DELETE /api/menu-items/:id': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const item = await createMenuItem(app.ctx.db, { foodTruckId: w.users.truckA.id });
      return a.delete(`/api/menu-items/${item.id}`);
    },
  },
  'POST /api/events': {
    expect: { organizerA: 201, organizerB: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.post('/api/events', {
        title: 'Spring fair',
        date: dateAhead(app, 120),
        startTime: '11:00',
        endTime: '14:00',
        location: 'Main St',
        expectedDiners: 50,
        minimumSales: '500',
        foodTruckId: w.users.truckA.id,
      }),
  },
  'GET /api/events/public': { expect: everyone(), send: (a) => a.get('/api/events/public') },
  'GET /api/events/pending/:foodTruckId': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/pending/${w.users.truckA.id}`),
  },
  'GET /api/events/organizer/:userId': {
    expect: { organizerA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/organizer/${w.users.organizerA.id}`),
  },
  'GET /api/organizer/desk': {
    expect: { organizerA: 200, organizerB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/organizer/desk'),
    check: (res, caller) => {
      if (res.statusCode !== 200) return;
      const desk = res.json() as {
        upcoming: Array<{ event: { id: number } }>;
        attention: Array<{ eventId: number }>;
      };
      const ids = [...desk.upcoming.map((u) => u.event.id), ...desk.attention.map((a) => a.eventId)];
      if (caller === 'organizerA') expect(ids).toContain(world.event.id);
      else expect(ids).not.toContain(world.event.id);
    },
  },
  'GET /api/events/:id': { expect: everyone(), send: (a, _c, w) => a.get(`/api/events/${w.event.id}`) },
  'GET /api/events/:id/stock': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/stock`),
  },
  'GET /api/events/:id/pickup-slots': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/pickup-slots`),
  },
  'PUT /api/events/:id/pickup-slots': {
    // Its truck, or its organizer until the truck accepts (the pending event); slots on the live event
    // would make every later checkout of this table pick one.
    expect: { truckA: 200, organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.request({
        method: 'PUT',
        url: `/api/events/${w.pendingEvent.id}/pickup-slots`,
        payload: { minutes: 30, capacity: 10 },
      }),
  },
  'GET /api/events/:id/pickup-prep': {
    // What to cook for each slot: the event's truck and organizer only (not an admin's to read).
    expect: { truckA: 200, organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/pickup-prep`),
  },
  'GET /api/events/:id/board': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/board`),
    check: (res) => expect(res.body).not.toMatch(/@example\.com/),
  },
  'POST /api/texts/inbound': {
    // Only Twilio's signature lets a text's answer in; with no Twilio configured, nobody's does.
    expect: everyone(403),
    send: (a) =>
      a.request({
        method: 'POST',
        url: '/api/texts/inbound',
        payload: 'From=%2B14155552671&Body=STOP',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      }),
  },
  'POST /api/events/:id/approve': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const pending = await createEvent(app.ctx.db, {
        organizerId: w.users.organizerA.id,
        foodTruckId: w.users.truckA.id,
        status: 'pending_approval',
        now: app.ctx.now(),
        // A date of its own: a truck accepts one event per date (decision 170).
        daysAhead: 30 + seq++,
      });
      return a.post(`/api/events/${pending.id}/approve`, { status: 'approved', minimumSales: '400.00' });
    },
  },
  'PUT /api/events/:id/cover-image': {
    // The organizer's alone; the truck may not dress the organizer's page.
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.request({
        method: 'PUT',
        url: `/api/events/${w.event.id}/cover-image`,
        payload: { coverImage: null },
      }),
  },
  'PUT /api/events/:id/sales-tax': {
    // The event's truck alone: the tax is the seller's to collect (decision 189).
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.request({
        method: 'PUT',
        url: `/api/events/${w.event.id}/sales-tax`,
        payload: { basisPoints: null },
      }),
  },
  // Promo codes and sponsors (decisions 222, 223): the event's organizer alone manages them.
  'POST /api/events/:id/promo-codes': {
    expect: { organizerA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/promo-codes`, { code: unique('M'), percentOff: 5 }),
  },
  'GET /api/events/:id/promo-codes': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/promo-codes`),
  },
  'PATCH /api/events/:id/promo-codes/:codeId': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const [code] = await app.ctx.db
        .insert(promoCodes)
        .values({ eventId: w.event.id, code: unique('P').toUpperCase(), percentOff: 5 })
        .returning();
      return a.patch(`/api/events/${w.event.id}/promo-codes/${code!.id}`, { active: false });
    },
  },
  'GET /api/events/:id/sponsors': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/sponsors`),
  },
  'GET /api/events/:id/sponsors/manage': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/sponsors/manage`),
  },
  'POST /api/events/:id/sponsors': {
    expect: { organizerA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/sponsors`, { name: 'Corner Bakery' }),
  },
  'PATCH /api/events/:id/sponsors/:sponsorId': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const [sponsor] = await app.ctx.db
        .insert(eventSponsors)
        .values({ eventId: w.event.id, name: 'Corner Bakery' })
        .returning();
      return a.patch(`/api/events/${w.event.id}/sponsors/${sponsor!.id}`, { hidden: true });
    },
  },
  'PUT /api/events/:id/sponsor-minimum': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.request({
        method: 'PUT',
        url: `/api/events/${w.event.id}/sponsor-minimum`,
        payload: { sponsorMinCents: 5000 },
      }),
  },
  'PATCH /api/events/:id': {
    // The organizer's own words: theirs alone (decision 130).
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.patch(`/api/events/${w.event.id}`, { title: w.event.title, cause: null, expectedDiners: 80 }),
  },
  'POST /api/events/:id/change-requests': {
    // Only the organizer asks to move the event; each call replaces the pending change.
    expect: { organizerA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.post(`/api/events/${w.event.id}/change-requests`, {
        date: w.event.date,
        startTime: '10:00',
        endTime: '12:00',
        location: unique('Matrix Park '),
      }),
  },
  'GET /api/events/:id/change-requests/latest': {
    expect: { organizerA: 200, truckA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/change-requests/latest`),
  },
  'GET /api/events/:id/guarantee': {
    // The host's guarantee (decision 224): the organizer's and the truck's to read.
    expect: { organizerA: 200, truckA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/guarantee`),
  },
  'POST /api/events/:id/guarantee': {
    // Only the organizer offers it, before the truck answers.
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.pendingEvent.id}/guarantee`),
  },
  'POST /api/events/:id/guarantee/sync': {
    expect: { organizerA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.pendingEvent.id}/guarantee/sync`),
  },
  'GET /api/change-requests/pending': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/change-requests/pending'),
  },
  'POST /api/events/:id/change-requests/:changeId/answer': {
    // Only the event's truck answers; declined here, so the world's event keeps its date.
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const asked = await w.agents.organizerA.post(`/api/events/${w.event.id}/change-requests`, {
        date: w.event.date,
        startTime: '11:00',
        endTime: '13:00',
        location: unique('Matrix Square '),
      });
      const change = asked.json() as { id: number };
      return a.post(`/api/events/${w.event.id}/change-requests/${change.id}/answer`, { answer: 'decline' });
    },
  },
  'POST /api/events/:id/cancel': {
    // The organizer calls it off, or the addressed truck does (it can no longer come).
    expect: { organizerA: 200, truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const event = await createEvent(app.ctx.db, {
        organizerId: w.users.organizerA.id,
        foodTruckId: w.users.truckA.id,
        now: app.ctx.now(),
      });
      return a.post(`/api/events/${event.id}/cancel`);
    },
  },
  'POST /api/events/:id/create-payment-intent': {
    expect: everyone(),
    send: (a, _c, w) =>
      a.post(`/api/events/${w.event.id}/create-payment-intent`, {
        items: [{ menuItemId: w.taco.id, quantity: 1 }],
        customerName: 'Matrix',
        customerEmail: 'matrix@example.com',
        amount: 1050,
        platformFeePercentage: 5,
      }),
  },
  'POST /api/events/:id/orders/:orderId/sync': {
    expect: { diner: 200, others: 404 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/orders/${w.orderId}/sync`),
  },
  'POST /api/events/:id/orders/:orderId/retry-payment': {
    // The diner may, but their order's card is fine: 409. Anyone else: as if it didn't exist.
    expect: { diner: 409, others: 404 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/orders/${w.orderId}/retry-payment`),
  },
  'GET /api/events/:id/pending-orders': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/pending-orders?email=dana%40example.com`),
    check: (res, caller) => {
      const orders = res.json() as Array<{ id: number }>;
      if (caller === 'diner') expect(orders.map((o) => o.id)).toContain(world.orderId);
      else expect(orders).toEqual([]);
    },
  },
  'POST /api/events/:id/invite': {
    expect: everyone(),
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/invite`, { emails: ['matrix-friend@example.com'] }),
  },
  'GET /api/chat/history': {
    expect: everyone(),
    send: (a) => a.get('/api/chat/history'),
    check: (res, caller) => expect(res.json().isAdmin).toBe(caller === 'admin'),
  },
  'GET /api/admin/chat': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/admin/chat'),
  },
  'GET /ws/chat': {
    // Without an upgrade the route only says so; the socket's own checks are in chat-socket.test.ts.
    expect: { anonymous: 401, others: 404 },
    send: (a) => a.get('/ws/chat', { origin: TEST_ORIGIN }),
  },
  'GET /api/tour': { expect: SIGNED_IN, send: (a) => a.get('/api/tour') },
  'PUT /api/tour': {
    expect: SIGNED_IN,
    send: (a) =>
      a.request({
        method: 'PUT',
        url: '/api/tour',
        payload: { active: true, currentStep: 0, points: 0, badges: [], completed: false },
      }),
  },
  'GET /api/payments/config': { expect: everyone(), send: (a) => a.get('/api/payments/config') },
  'POST /api/payments/webhook': {
    // No Stripe in this app: nobody's webhook is accepted.
    expect: everyone(400),
    send: (a) => a.post('/api/payments/webhook', { type: 'payment_intent.succeeded' }),
  },
  'POST /api/payments/simulator/confirm': {
    // As with Stripe, the client secret is the key; confirming again answers the current state.
    expect: everyone(),
    send: (a, _c, w) =>
      a.post('/api/payments/simulator/confirm', {
        clientSecret: w.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      }),
  },
  'PATCH /api/menu-items/:id': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.patch(`/api/menu-items/${w.taco.id}`, { description: 'Two corn tortillas' }),
  },

  // The organizer's view of an event's orders (and its admins').
  'GET /api/events/:id/orders': {
    expect: { organizerA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/orders`),
    check: (res) => {
      if (res.statusCode !== 200) expect(res.body).not.toMatch(/Dana|dana@/);
    },
  },
  'GET /api/events/:id/orders.csv': {
    expect: { organizerA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/orders.csv`),
    check: (res) => {
      if (res.statusCode === 200) expect(res.body).toContain(world.paidOrder.pickupCode);
      else expect(res.body).not.toMatch(/Dana/);
    },
  },

  // The truck's working day.
  'GET /api/bookings': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/bookings'),
    check: (res, caller) => {
      if (res.statusCode !== 200) return;
      const ids = (res.json().bookings as Array<{ event: { id: number } }>).map((b) => b.event.id);
      if (caller === 'truckA') expect(ids).toContain(world.event.id);
      else expect(ids).toEqual([]);
    },
  },
  'GET /api/bookings/export.csv': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/bookings/export.csv'),
    check: (res, caller) => {
      if (caller === 'truckB') expect(res.body).not.toContain(world.event.title);
    },
  },
  'GET /api/bookings/:eventId/orders': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/bookings/${w.event.id}/orders`),
    check: (res, caller) => {
      if (caller === 'truckA') expect(res.body).toContain(world.paidOrder.pickupCode);
      else expect(res.body).not.toContain(world.paidOrder.pickupCode);
    },
  },
  'POST /api/orders/:id/fulfilment': {
    // The truck passes the check of who it is, then is told it is too early: the world's event is days
    // away, and orders are handed over from 2 hours before the start (order-corrections.test.ts).
    expect: { truckA: 409, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/orders/${w.paidOrder.id}/fulfilment`, { state: 'ready' }),
  },
  'DELETE /api/orders/:id/fulfilment/collected': {
    // The paid order is not collected: the truck is let through and told so.
    expect: { truckA: 409, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.delete(`/api/orders/${w.paidOrder.id}/fulfilment/collected`),
  },
  'POST /api/orders/:id/refunds': {
    // A correction of 1 cent of the paid order, by its event's truck only.
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) =>
      a.post(`/api/orders/${w.paidOrder.id}/refunds`, { amountCents: 1, reason: 'Access check' }),
  },
  'GET /api/events/:id/pickup-qr': {
    // The receipt's picture: it encodes only the code the diner already holds and a link.
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/pickup-qr?code=${w.paidOrder.pickupCode}`),
  },

  // Admins take abusive events down.
  'GET /api/admin/events': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/admin/events'),
  },
  'POST /api/admin/events/:id/hidden': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const event = await createEvent(app.ctx.db, {
        organizerId: w.users.organizerA.id,
        foodTruckId: w.users.truckA.id,
        now: app.ctx.now(),
      });
      return a.post(`/api/admin/events/${event.id}/hidden`, { hidden: true, reason: 'Spam' });
    },
  },
  'POST /api/admin/events/:id/cancel': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const event = await createEvent(app.ctx.db, {
        organizerId: w.users.organizerA.id,
        foodTruckId: w.users.truckA.id,
        now: app.ctx.now(),
      });
      return a.post(`/api/admin/events/${event.id}/cancel`, { reason: 'Not a real fundraiser' });
    },
  },
  // Admins settle refunds the provider refused for good (none here: an admin is told so, 404).
  'GET /api/admin/refund-failures': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/admin/refund-failures'),
  },
  'POST /api/admin/refund-failures/settle': {
    expect: { admin: 404, anonymous: 401, diner: 401, others: 403 },
    send: (a) =>
      a.post('/api/admin/refund-failures/settle', { kind: 'correction', id: 2_000_000_000, action: 'close' }),
  },

  // The money page: trucks and organizers are paid, each sees only their own money.
  'GET /api/payouts': { expect: PAYEES, send: (a) => a.get('/api/payouts') },
  'GET /api/payouts/export.csv': { expect: PAYEES, send: (a) => a.get('/api/payouts/export.csv') },
  'GET /api/payouts/account': {
    expect: PAYEES,
    send: (a) => a.get('/api/payouts/account'),
    check: (res, caller) => {
      if (res.statusCode !== 200) return;
      // Only truck A has started onboarding (before the onboarding rows below): each sees only their own.
      expect(res.json().status).toBe(caller === 'truckA' ? 'incomplete' : 'none');
      expect(res.body).not.toMatch(/acct_/);
    },
  },
  'POST /api/payouts/account/onboarding': {
    expect: PAYEES,
    send: (a) => a.post('/api/payouts/account/onboarding'),
  },
  'POST /api/payouts/account/refresh': {
    expect: PAYEES,
    send: (a) => a.post('/api/payouts/account/refresh'),
  },
  'POST /api/payouts/webhook': {
    // Only the provider, by its signature: nobody's unsigned call is accepted.
    expect: everyone(400),
    send: (a) => a.post('/api/payouts/webhook', { type: 'account.updated' }),
  },
  'GET /api/payouts/simulator/onboarding': {
    // As with Stripe's Account Links the link's token is the key: whoever holds it may open it.
    expect: everyone(),
    send: async (a, _c, w) => a.get(`/api/payouts/simulator/onboarding?${await onboardingLink(w)}`),
    check: (res) => expect(res.json()).toEqual({ valid: true }),
  },
  'POST /api/payouts/simulator/onboarding': {
    expect: everyone(),
    send: async (a, _c, w) =>
      a.post(
        '/api/payouts/simulator/onboarding',
        Object.fromEntries(new URLSearchParams(await onboardingLink(w))),
      ),
  },

  // The event page's live parts, on an event an admin hid: only its organizer, truck and admins see it.
  'GET /api/events/:id/stream': {
    expect: { organizerA: 200, truckA: 200, admin: 200, others: 404 },
    send: (a, _c, w) => openStream(a, `/api/events/${w.hiddenEvent.id}/stream`),
    check: (res) => {
      if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    },
  },
  'GET /api/events/:id/calendar.ics': {
    expect: { organizerA: 200, truckA: 200, admin: 200, others: 404 },
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/calendar.ics`),
  },
  'GET /api/events/:id/updates': {
    expect: { organizerA: 200, truckA: 200, admin: 200, others: 404 },
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/updates`),
  },
  'POST /api/events/:id/updates': {
    expect: { organizerA: 201, truckA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/updates`, { text: 'We start at six sharp.' }),
  },
  'GET /api/updates/unsubscribe': {
    // The signed link in the diner's e-mail is the key (mail clients open it without a session).
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/updates/unsubscribe?token=${encodeURIComponent(w.unsubscribeToken)}`),
  },
  'POST /api/updates/unsubscribe': {
    expect: everyone(),
    send: (a, _c, w) =>
      a.request({
        method: 'POST',
        url: `/api/updates/unsubscribe?token=${encodeURIComponent(w.unsubscribeToken)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
  },
  'POST /api/events/:id/reminders': {
    expect: everyone(202),
    send: (a, caller, w) => a.post(`/api/events/${w.event.id}/reminders`, { email: `${caller}@example.com` }),
  },
  'GET /api/reminders/confirm': {
    expect: everyone(303),
    send: (a, _c, w) => a.get(`/api/reminders/confirm?token=${encodeURIComponent(w.reminderToken)}`),
  },
  'POST /api/reminders/confirm': {
    expect: everyone(),
    send: (a, _c, w) => a.post('/api/reminders/confirm', { token: w.reminderToken }),
  },
  'GET /api/geocode': { expect: everyone(), send: (a) => a.get('/api/geocode?location=Austin%2C%20TX') },
  'GET /api/images/:name': {
    // Public, and no session is read or started for a picture.
    expect: everyone(),
    send: async (a) => a.get(`/api/images/${await storedPicture()}-320.webp`),
    check: (res) => {
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  },
  'GET /api/health': { expect: everyone(), send: (a) => a.get('/api/health') },
  'GET /api/ready': { expect: everyone(), send: (a) => a.get('/api/ready') },
  // The metrics are no role's: from outside the machine nobody, an admin included, reads them
  // without METRICS_TOKEN (observability.test.ts covers the token and the machine itself).
  'GET /metrics': {
    expect: everyone(403),
    send: (a) => a.request({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' }),
  },
  // The API's own description and its browsable reference: public, like any API documentation.
  'GET /api/openapi.json': { expect: everyone(), send: (a) => a.get('/api/openapi.json') },
  'GET /api/docs': { expect: everyone(), send: (a) => a.get('/api/docs') },
  'GET /api/docs/static/index.html': {
    expect: everyone(302),
    send: (a) => a.get('/api/docs/static/index.html'),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: everyone(),
    send: (a) => a.get('/api/docs/static/swagger-initializer.js'),
  },
  'GET /api/events/:id/orders/:orderId': {
    // The confirmation page: only the browser that ordered (or its receipt link); anyone else, even
    // the event's organizer, truck or an admin, as if it didn't exist.
    expect: { diner: 200, others: 404 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/orders/${w.orderId}`),
    check: (res, caller) => {
      if (caller === 'diner') expect((res.json() as { order: { id: number } }).order.id).toBe(world.orderId);
    },
  },
  'GET /api/docs/json': { expect: everyone(), send: (a) => a.get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: everyone(), send: (a) => a.get('/api/docs/yaml') },
  'POST /api/events/:id/cancel-payment': {
    // Last, in CALLERS order: the diner (last) cancels for real after everyone else was refused.
    expect: { diner: 200, others: 404 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/cancel-payment`, { orderId: w.orderId }),
  },
};

/**
 * An event an admin hid answers 404 to everyone but its organizer, its truck and admins, as if it
 * did not exist; it takes no orders, invitations or reminders from anyone. (Each route's row above
 * covers its other callers.)
 */
const HIDDEN_INSIDERS: Expect = { organizerA: 200, truckA: 200, admin: 200, others: 404 };
const HIDDEN_ROWS: Record<string, Row> = {
  'GET /api/events/:id': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}`),
  },
  'GET /api/events/:id/stock': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/stock`),
  },
  'GET /api/events/:id/pickup-slots': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/pickup-slots`),
  },
  'GET /api/events/:id/board': {
    // A screen in public: hidden for everyone, its insiders too.
    expect: everyone(404),
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/board`),
  },
  'GET /api/events/:id/sponsors': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/sponsors`),
  },
  'GET /api/events/:id/pending-orders': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/pending-orders`),
  },
  'GET /api/events/:id/calendar.ics': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/calendar.ics`),
  },
  'GET /api/events/:id/updates': {
    expect: HIDDEN_INSIDERS,
    send: (a, _c, w) => a.get(`/api/events/${w.hiddenEvent.id}/updates`),
  },
  'POST /api/events/:id/create-payment-intent': {
    expect: everyone(404),
    send: (a, _c, w) =>
      a.post(`/api/events/${w.hiddenEvent.id}/create-payment-intent`, {
        items: [{ menuItemId: w.taco.id, quantity: 1 }],
        customerName: 'Matrix',
        customerEmail: 'matrix@example.com',
        amount: 1050,
        platformFeePercentage: 5,
      }),
  },
  'POST /api/events/:id/invite': {
    expect: everyone(404),
    send: (a, _c, w) =>
      a.post(`/api/events/${w.hiddenEvent.id}/invite`, { emails: ['matrix-friend@example.com'] }),
  },
  'POST /api/events/:id/reminders': {
    expect: everyone(404),
    send: (a, caller, w) =>
      a.post(`/api/events/${w.hiddenEvent.id}/reminders`, { email: `${caller}@example.com` }),
  },
  'POST /api/events/:id/updates': {
    // Its organizer and truck can still tell the diners who ordered (why it is gone, for instance).
    expect: { organizerA: 201, truckA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.hiddenEvent.id}/updates`, { text: 'We are moving.' }),
  },
};

/**
 * An API answer to anyone with a session (signed in, or the diner's guest session) is kept by no cache
 * (`no-store`) unless it says it is anyone's (`public…`: the public reads, pictures, the calendar of a
 * public event, the API's description). The live stream is a stream, not an answer to keep.
 */
function expectKeptByNoCache(route: string, res: LightMyRequestResponse, caller: Caller) {
  const [, url] = route.split(' ') as [string, string];
  if (caller === 'anonymous' || !url.startsWith('/api/') || url.endsWith('/stream')) return;
  if (res.statusCode >= 300) return;
  const cacheControl = String(res.headers['cache-control'] ?? '');
  if (!cacheControl.startsWith('public')) expect(cacheControl, `${route}: Cache-Control`).toBe('no-store');
}

async function runTable(rows: Record<string, Row>): Promise<{ mismatches: string[]; cells: number }> {
  const mismatches: string[] = [];
  let cells = 0;
  for (const [route, row] of Object.entries(rows)) {
    for (const caller of CALLERS) {
      const res = await row.send(world.agents[caller].clone(), caller, world);
      const expected = row.expect[caller] ?? row.expect.others;
      cells++;
      if (res.statusCode !== expected) {
        mismatches.push(
          `${route} as ${caller}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`,
        );
        continue;
      }
      try {
        row.check?.(res, caller);
        expectKeptByNoCache(route, res, caller);
      } catch (error) {
        mismatches.push(`${route} as ${caller}: ${(error as Error).message.slice(0, 200)}`);
      }
    }
  }
  return { mismatches, cells };
}

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const registered = app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.includes('*'));
    expect(registered.filter((r) => !ROWS[r])).toEqual([]);
    expect(Object.keys(ROWS).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('declares the session scheme in the API description on exactly the routes that refuse anonymous callers', async () => {
    type Operation = { security?: Record<string, string[]>[] };
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const [route, row] of Object.entries(ROWS)) {
      const [method, url] = route.split(' ') as [string, string];
      const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      // The reference itself (/api/docs…, /api/openapi.json) is not part of the API it describes.
      if (!op) continue;
      checked++;
      const refusesAnonymous = (row.expect.anonymous ?? row.expect.others) === 401;
      const declaresSession = (op.security ?? []).some((requirement) => 'session' in requirement);
      if (refusesAnonymous !== declaresSession)
        wrong.push(
          `${route} ${refusesAnonymous ? 'answers 401 to anonymous callers' : 'serves anonymous callers'} but ` +
            `${declaresSession ? 'declares' : 'does not declare'} the session scheme ` +
            "(set `login: true` in the route's schema, in its *.routes.ts, then `npm run openapi`)",
        );
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(90);
  });

  it('answers each caller exactly as the table says', async () => {
    const { mismatches, cells } = await runTable(ROWS);
    expect(mismatches).toEqual([]);
    expect(cells).toBe(Object.keys(ROWS).length * CALLERS.length);
  }, 120_000);

  it('hides an event an admin took down from everyone but its organizer, its truck and admins', async () => {
    const { mismatches } = await runTable(HIDDEN_ROWS);
    expect(mismatches).toEqual([]);
  }, 60_000);
});
