import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createMenuItem } from '../../src/server/seed/factories';
import { GeocoderStub } from '../support/geocoder-stub';
import { Agent, createTestApp, openTestDatabase, TEST_ORIGIN } from '../support/test-app';
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

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'austin, tx': { lat: '30.27', lon: '-97.74', display_name: 'Austin, TX' },
  });
  database = await openTestDatabase();
  app = await createTestApp(database, { geocoderUrl: stub.url });
  world = await buildWorld(app);
});
afterAll(async () => {
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
/** Trucks and organizers are paid; admins and guests have no money page. */
const PAYEES: Expect = { anonymous: 401, diner: 401, admin: 403, others: 200 };
const everyone = (status = 200): Expect => ({ others: status });
let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${seq++}`;

let hidden: Promise<{ id: number }> | undefined;
/** One event of organizer A and truck A that an admin took down, shared by the row's callers. */
function hiddenEvent(w: World): Promise<{ id: number }> {
  hidden ??= createEvent(app.ctx.db, {
    organizerId: w.users.organizerA.id,
    foodTruckId: w.users.truckA.id,
    now: app.ctx.now(),
    hidden: true,
  });
  return hidden;
}

/**
 * An event stream answers 200 and then stays open: a stream that hasn't answered within a second
 * counts as opened. (inject ignores an abort once a route hijacks its reply, hence the race.)
 */
async function openStream(agent: Agent, url: string): Promise<LightMyRequestResponse> {
  const opened = { statusCode: 200, body: '', json: () => null } as unknown as LightMyRequestResponse;
  return Promise.race([
    agent.get(url),
    new Promise<LightMyRequestResponse>((r) => setTimeout(() => r(opened), 1000)),
  ]);
}

/** A session of its own for routes that end or replace one (the world's sessions must survive). */
async function ownSession(caller: Caller, w: World): Promise<Agent> {
  const agent = new Agent(app, '10.40.0.1');
  const user = caller === 'anonymous' || caller === 'diner' ? null : w.users[caller];
  if (user) await agent.login(user.username);
  else if (caller === 'diner') await agent.get(`/api/events/${w.event.id}/pending-orders`);
  return agent;
}

const ROWS: Record<string, Row> = {
  'POST /api/register': {
    expect: everyone(201),
    send: async (_a, caller, w) =>
      (await ownSession(caller, w)).post('/api/register', {
        username: unique('reg'),
        password: 'secret123',
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
  'POST /api/session/forget': {
    expect: everyone(200),
    send: async (_a, caller, w) => (await ownSession(caller, w)).post('/api/session/forget'),
  },
  'GET /api/user': {
    expect: SIGNED_IN,
    send: (a) => a.get('/api/user'),
    check: (res, caller) => {
      if (res.statusCode === 200) expect(res.body).not.toMatch(/password/i);
      if (caller === 'admin') expect(res.json().role).toBe('admin');
    },
  },
  'GET /api/users/food-trucks': {
    expect: everyone(),
    send: (a) => a.get('/api/users/food-trucks'),
    check: (res) => expect(res.body).not.toMatch(/password|contactEmail|hello@tacoloco/i),
  },
  'GET /api/users/:id': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/users/${w.users.truckA.id}`),
    check: (res) => expect(res.body).not.toMatch(/passwordHash/),
  },
  'PATCH /api/users/:id': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.patch(`/api/users/${w.users.truckA.id}`, { businessName: 'Taco Loco' }),
  },
  'GET /api/menu-items/:userId': {
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
        date: '2027-04-10',
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
  'GET /api/events/:id': { expect: everyone(), send: (a, _c, w) => a.get(`/api/events/${w.event.id}`) },
  'POST /api/events/:id/approve': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: async (a, _c, w) => {
      const pending = await createEvent(app.ctx.db, {
        organizerId: w.users.organizerA.id,
        foodTruckId: w.users.truckA.id,
        status: 'pending_approval',
        now: app.ctx.now(),
      });
      return a.post(`/api/events/${pending.id}/approve`, { status: 'approved', minimumSales: '400.00' });
    },
  },
  'POST /api/events/:id/cancel': {
    // The organizer, or the truck it booked, may call an event off.
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
  'GET /api/geocode': { expect: everyone(), send: (a) => a.get('/api/geocode?location=Austin%2C%20TX') },
  'GET /api/health': { expect: everyone(), send: (a) => a.get('/api/health') },
  'PATCH /api/menu-items/:id': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.patch(`/api/menu-items/${w.taco.id}`, { price: 10 }),
  },
  'GET /api/events/:id/orders': {
    expect: { organizerA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/orders`),
  },
  'GET /api/events/:id/orders.csv': {
    expect: { organizerA: 200, admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/orders.csv`),
  },
  'GET /api/bookings': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/bookings'),
  },
  'GET /api/bookings/export.csv': {
    expect: { truckA: 200, truckB: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/bookings/export.csv'),
  },
  'GET /api/bookings/:eventId/orders': {
    expect: { truckA: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.get(`/api/bookings/${w.event.id}/orders`),
  },
  'POST /api/orders/:id/fulfilment': {
    // Truck A passes the check and meets the order's own rule: a held card is not handed over yet.
    expect: { truckA: 409, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/orders/${w.orderId}/fulfilment`, { state: 'ready' }),
  },
  'GET /api/events/:id/pickup-qr': {
    // The picture encodes only the code and a link: anyone may load it.
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/pickup-qr?code=ABCDE`),
  },
  'GET /api/admin/events': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a) => a.get('/api/admin/events'),
  },
  'POST /api/admin/events/:id/hidden': {
    expect: { admin: 200, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/admin/events/${w.event.id}/hidden`, { hidden: false }),
  },
  'GET /api/payouts': { expect: PAYEES, send: (a) => a.get('/api/payouts') },
  'GET /api/payouts/export.csv': { expect: PAYEES, send: (a) => a.get('/api/payouts/export.csv') },
  'GET /api/payouts/account': { expect: PAYEES, send: (a) => a.get('/api/payouts/account') },
  'POST /api/payouts/account/onboarding': {
    expect: PAYEES,
    send: (a) => a.post('/api/payouts/account/onboarding'),
  },
  'GET /api/payouts/account/onboarding': {
    // A browser back from the provider without a session is sent to sign in, not shown JSON.
    expect: { admin: 403, others: 303 },
    send: (a) => a.get('/api/payouts/account/onboarding'),
  },
  'POST /api/payouts/account/refresh': {
    expect: PAYEES,
    send: (a) => a.post('/api/payouts/account/refresh'),
  },
  'POST /api/payouts/webhook': {
    // No Stripe in this app: nobody's Connect webhook is accepted.
    expect: everyone(400),
    send: (a) => a.post('/api/payouts/webhook', { type: 'account.updated' }),
  },
  'GET /api/payouts/simulator/onboarding': {
    // The link's secret token is the only key, as with Stripe's Account Links.
    expect: everyone(),
    send: (a) => a.get('/api/payouts/simulator/onboarding?account=acct_sim_nope&token=nope'),
    check: (res) => expect(res.json()).toEqual({ valid: false }),
  },
  'POST /api/payouts/simulator/onboarding': {
    expect: everyone(404),
    send: (a) => a.post('/api/payouts/simulator/onboarding', { account: 'acct_sim_nope', token: 'nope' }),
  },
  'GET /api/events/:id/stream': {
    // An event an admin took down streams only to its organizer, its truck and admins, even while
    // one of them is watching it (later viewers of a watched event skip the database read).
    expect: { organizerA: 200, truckA: 200, admin: 200, others: 404 },
    send: async (a, _c, w) => openStream(a, `/api/events/${(await hiddenEvent(w)).id}/stream`),
  },
  'GET /api/events/:id/calendar.ics': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/calendar.ics`),
  },
  'GET /api/events/:id/updates': {
    expect: everyone(),
    send: (a, _c, w) => a.get(`/api/events/${w.event.id}/updates`),
  },
  'POST /api/events/:id/updates': {
    expect: { organizerA: 201, truckA: 201, anonymous: 401, diner: 401, others: 403 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/updates`, { text: 'Doors open at six' }),
  },
  'GET /api/updates/unsubscribe': {
    expect: everyone(400),
    send: (a) => a.get('/api/updates/unsubscribe?token=not-a-token'),
  },
  'POST /api/updates/unsubscribe': {
    expect: everyone(400),
    send: (a) => a.post('/api/updates/unsubscribe?token=not-a-token'),
  },
  'POST /api/events/:id/reminders': {
    expect: everyone(202),
    send: (a, c, w) => a.post(`/api/events/${w.event.id}/reminders`, { email: `${c}@example.com` }),
  },
  'GET /api/reminders/confirm': {
    expect: everyone(400),
    send: (a) => a.get('/api/reminders/confirm?token=not-a-token'),
  },
  // The API's description and its reference page are public: they show shapes, never data.
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
  'GET /api/docs/json': { expect: everyone(), send: (a) => a.get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: everyone(), send: (a) => a.get('/api/docs/yaml') },
  'POST /api/events/:id/cancel-payment': {
    // Last, in CALLERS order: the diner (last) cancels for real after everyone else was refused.
    expect: { diner: 200, others: 404 },
    send: (a, _c, w) => a.post(`/api/events/${w.event.id}/cancel-payment`, { orderId: w.orderId }),
  },
};

describe('authorization matrix', () => {
  it('has a row for every registered route', () => {
    const registered = app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.includes('*'));
    expect(registered.filter((r) => !ROWS[r])).toEqual([]);
    expect(Object.keys(ROWS).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('answers each caller exactly as the table says', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const [route, row] of Object.entries(ROWS)) {
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
        } catch (error) {
          mismatches.push(`${route} as ${caller}: ${(error as Error).message.slice(0, 200)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(Object.keys(ROWS).length * CALLERS.length);
  }, 120_000);
});
