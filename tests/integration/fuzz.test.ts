import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

import { buildWorld, type Caller, type World } from '../support/world';

/**
 * Malformed requests over every route Fastify registered (new routes are covered without touching
 * this file): out-of-range and non-numeric ids, NUL bytes, huge and negative numbers, wrong types,
 * broken JSON, odd content types, from every kind of caller. Not one may answer 5xx.
 */
const REQUESTS_PER_ROUTE = 110;
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

let database: Database;
let app: FastifyInstance;
let world: World;

const generous = { max: 100_000, windowMs: 60_000 };

beforeAll(async () => {
  database = await openTestDatabase();
  // The limits are on (their store is part of what is fuzzed) but never reached.
  app = await createTestApp(database, {
    rateLimits: {
      registration: generous,
      orders: generous,
      invitations: generous,
      geocoding: generous,
      chat: generous,
      sessions: generous,
      uploads: generous,
      uploadsPerAddress: generous,
      refunds: generous,
    },
    // The geocoder is unreachable here: it fails fast, as a 502 the route may answer.
    geocoderUrl: 'http://127.0.0.1:9',
  });
  world = await buildWorld(app);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/**
 * A GET of an event stream as `agent`: null once it opened (200, text/event-stream; left open, as a
 * watching browser's), else its status and body.
 */
async function openStream(
  agent: Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; body: string } | null> {
  const cookie = agent.cookieHeader();
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payloadAsStream: true,
  });
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream'))
    return null;
  let body = '';
  for await (const chunk of res.stream()) body += String(chunk);
  return { statusCode: res.statusCode, body };
}

/** mulberry32: the same seed gives the same requests, so a failure can be replayed. */
function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof createRandom>;

const ID_TEXTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999',
  'abc',
  '%00',
  '1%00',
  '%F0%9F%8D%94',
  '%E2%80%AE1',
  '0x10',
  '%20%201',
  'null',
  'x'.repeat(300),
  '00000000000000000000001',
];

const STRINGS = [
  '',
  ' ',
  'a',
  'dana@example.com',
  'not-an-email',
  'nul\u0000byte',
  '\u0000',
  'İstanbul',
  'ǅ',
  '🍔'.repeat(50),
  '<script>alert(1)</script>',
  "'; drop table users; --",
  'x'.repeat(5000),
  '\uD800',
  '12:00',
  '25:99',
  '2026-02-30',
  'data:image/png;base64,AAAA',
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==',
  `/api/images/${'ab'.repeat(32)}`,
  'approved',
  'rejected',
  'Entree',
  'America/New_York',
  'Not/AZone',
  '4242424242424242',
  '12/30',
  '1e400',
  '-0',
];

const NUMBERS = [
  0, -1, 1, 0.5, 1.999, 2147483647, 2147483648, 4294967296, 9007199254740991, 1e21, 1e308, -1e308, 99_999_999,
  100_000_000, 999_999_999_99,
];

/** Field names the routes read, so generated bodies reach past "Required". */
const FIELDS = [
  'username',
  'password',
  'role',
  'email',
  'title',
  'date',
  'startTime',
  'endTime',
  'timeZone',
  'location',
  'expectedDiners',
  'minimumSales',
  'foodTruckId',
  'priceMarkupPercentage',
  'selectedMenuItems',
  'status',
  'response',
  'name',
  'description',
  'category',
  'price',
  'image',
  'isActive',
  'businessName',
  'cuisine',
  'contactEmail',
  'phone',
  'profileImage',
  'coverImage',
  'items',
  'customerName',
  'customerEmail',
  'amount',
  'markupPercentage',
  'platformFeePercentage',
  'tipPercent',
  'tipCents',
  'basisPoints',
  'onFood',
  'onMarkup',
  'eventId',
  'emails',
  'customMessage',
  'paymentIntentId',
  'orderId',
  'token',
  'clientSecret',
  'cardNumber',
  'expiry',
  'cvc',
  'active',
  'currentStep',
  'points',
  'badges',
  'completed',
  '__proto__',
  'constructor',
];

function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 4 : 7)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(STRINGS) + r.pick(STRINGS);
    case 4:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    case 5:
      return randomObject(r, depth + 1);
    default:
      return { menuItemId: r.pick(NUMBERS), quantity: r.pick(NUMBERS) };
  }
}

function randomObject(r: Random, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = r.int(6); i >= 0; i--) out[r.pick(FIELDS)] = randomValue(r, depth);
  return out;
}

/** A body the route would accept, so that mutating one field tests that field's check. */
function validBody(route: string, w: World): Record<string, unknown> | undefined {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/register': { username: 'fuzzer', password: 'violet-harbor-42', role: 'organizer' },
    // Never the right current password: a change would sign the cast out everywhere else.
    'POST /api/account/password': { currentPassword: 'not-the-password', newPassword: 'violet-harbor-42' },
    'POST /api/account/email': { email: 'fuzz@example.com', currentPassword: 'not-the-password' },
    'POST /api/password-reset/request': { login: w.users.truckA.username },
    'POST /api/password-reset': { token: 'x'.repeat(43), password: 'violet-harbor-42' },
    'POST /api/account/verify-email': { token: 'x'.repeat(43) },
    'POST /api/login': { username: w.users.truckA.username, password: 'wrong-password' },
    'POST /api/events': {
      title: 'Fuzz fair',
      date: '2027-01-15',
      startTime: '18:00',
      endTime: '20:00',
      timeZone: 'UTC',
      location: 'Main St',
      expectedDiners: 40,
      minimumSales: '500',
      foodTruckId: w.users.truckA.id,
      selectedMenuItems: [w.taco.id],
    },
    'POST /api/events/:id/approve': { status: 'approved', minimumSales: '500.00', response: 'Yes' },
    'POST /api/menu-items': { name: 'Fuzz taco', price: 4.5, category: 'Entree', description: 'x' },
    'PATCH /api/users/:id': { businessName: 'Fuzz Truck', minimumSales: 100, cuisine: 'Tex-Mex' },
    'POST /api/events/:id/create-payment-intent': {
      items: [{ menuItemId: w.taco.id, quantity: 1 }],
      customerName: 'Fuzz',
      customerEmail: 'fuzz@example.com',
      amount: 1050,
      platformFeePercentage: 5,
    },
    'POST /api/events/:id/invite': { emails: ['friend@example.com'], customMessage: 'Come!' },
    'POST /api/events/:id/cancel-payment': { orderId: w.orderId },
    'POST /api/events/:id/orders/:orderId/sync': { token: 'abc' },
    'POST /api/events/:id/orders/:orderId/retry-payment': { token: 'abc' },
    'POST /api/payments/simulator/confirm': {
      clientSecret: w.clientSecret,
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
    },
    'PUT /api/tour': { active: true, currentStep: 1, points: 0, badges: [], completed: false },
  };
  return bodies[route];
}

function fillPath(url: string, r: Random, w: World, realIds: boolean): string {
  const real = [
    w.event.id,
    w.pendingEvent.id,
    w.orderId,
    w.taco.id,
    w.users.truckA.id,
    w.users.organizerA.id,
  ];
  return url.replace(/:([A-Za-z]+)/g, () =>
    realIds && r.chance(0.35) ? String(r.pick(real)) : r.pick(ID_TEXTS),
  );
}

function randomQuery(r: Random, w: World): string {
  if (r.chance(0.4)) return '';
  const keys = ['email', 'order', 'token', 'location', 'id', 'x'];
  const values = [
    ...ID_TEXTS,
    String(w.orderId),
    'Austin',
    'dana%40example.com',
    '%00',
    'a%00b',
    'x'.repeat(400),
  ];
  const pairs = Array.from({ length: 1 + r.int(3) }, () => `${r.pick(keys)}=${r.pick(values)}`);
  return `?${pairs.join('&')}`;
}

interface Attempt {
  method: string;
  url: string;
  caller: Caller | 'fresh';
  headers: Record<string, string>;
  payload: string | undefined;
}

function generate(r: Random, method: string, routeUrl: string, w: World, realIds: boolean): Attempt {
  const url = fillPath(routeUrl, r, w, realIds) + randomQuery(r, w);
  const template = validBody(`${method} ${routeUrl}`, w);
  let payload: string | undefined;
  const kind = r.int(10);
  if (method === 'GET' || method === 'DELETE') {
    payload = r.chance(0.1) ? JSON.stringify(randomObject(r)) : undefined;
  } else if (kind === 0) {
    payload = undefined;
  } else if (kind === 1) {
    payload = r.pick([
      '{',
      '{"a":',
      'nul\u0000',
      '[1,2',
      '"\\u0000"',
      '{"username":"\\u0000"}',
      'null',
      '[]',
      '7',
    ]);
  } else if (template && kind < 7) {
    const body: Record<string, unknown> = structuredClone(template);
    const keys = Object.keys(body);
    for (let i = 1 + r.int(2); i > 0; i--) {
      const key = r.chance(0.8) ? r.pick(keys) : r.pick(FIELDS);
      body[key] = r.chance(0.15) ? undefined : randomValue(r);
    }
    payload = JSON.stringify(body);
  } else {
    payload = JSON.stringify(r.chance(0.8) ? randomObject(r) : randomValue(r));
  }
  const headers: Record<string, string> = {};
  if (payload !== undefined) {
    headers['content-type'] = r.chance(0.9)
      ? 'application/json'
      : r.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'image/png',
        ]);
  }
  if (r.chance(0.15))
    headers['idempotency-key'] = r.pick([
      'short',
      'k'.repeat(40),
      'k'.repeat(300),
      'key-\u00e9\u00e9\u00e9\u00e9',
    ]);
  // Routes that end or replace a session get a fresh browser, so the cast stays signed in.
  const isAuthRoute = /^\/api\/(login|logout|register|session\/forget)$/.test(routeUrl);
  const caller = isAuthRoute
    ? 'fresh'
    : r.pick(['anonymous', 'organizerA', 'truckA', 'admin', 'diner'] as const);
  return { method, url, caller, headers, payload };
}

describe('malformed requests', () => {
  it('never answer 5xx, on any route', async () => {
    const routes = app.registeredRoutes.filter((route) => !route.url.includes('*'));
    // The walk must see the whole API, including routes added after this test was written.
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const r = createRandom(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const streamed = new Map<string, number>();
    let sent = 0;
    for (const route of routes) {
      for (let i = 0; i < REQUESTS_PER_ROUTE; i++) {
        // A route that streamed three times has shown it works; from then on, only malformed ids.
        const attempt = generate(r, route.method, route.url, world, (streamed.get(route.url) ?? 0) < 3);
        const agent =
          attempt.caller === 'fresh'
            ? new Agent(app, `10.8.${r.int(250)}.${r.int(250)}`)
            : world.agents[attempt.caller];
        // A stream (Server-Sent Events) that opened fine never ends by itself: its answer is taken as it
        // starts (`payloadAsStream` resolves at the head), and one that opened is counted as status 0.
        const isStream = attempt.method === 'GET' && route.url.endsWith('/stream');
        const res = isStream
          ? await openStream(agent, attempt.url, attempt.headers)
          : await agent.request({
              method: attempt.method as 'GET',
              url: attempt.url,
              headers: attempt.headers,
              ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
            });
        if (res === null) {
          streamed.set(route.url, (streamed.get(route.url) ?? 0) + 1);
          sent++;
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          continue;
        }
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500 && !(route.url === '/api/geocode' && res.statusCode === 502)) {
          failures.push(
            `${res.statusCode} ${attempt.method} ${attempt.url.slice(0, 120)} as ${attempt.caller} ` +
              `body=${(attempt.payload ?? '').slice(0, 160)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    // Status 0 below: an event stream that opened (and streams on), not a failure.
    console.info(
      `fuzz (${database.driver}): ${sent} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    // The signed-in callers stayed signed in, so the walk reached past the session checks throughout.
    for (const caller of ['organizerA', 'truckA', 'admin'] as const)
      expect((await world.agents[caller].get('/api/user')).statusCode).toBe(200);
  }, 600_000);
});
