import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { payoutAccounts } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { FakeStripe } from '../support/fake-stripe';
import { Agent, openTestDatabase, testConfig } from '../support/test-app';

/**
 * What issue 23 found leaking at the edges: frames, HSTS, caches of private answers and a GET that
 * changed state. Each case asserts what a browser, a proxy or a cache would see.
 */
let database: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;
let clientDir: string;

const INDEX =
  '<!doctype html><html><head><title>Food Truck Fund</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), 'hardening-'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX);
  app = await buildApp(testConfig(), { database, serveClient: true, clientDir });
  proxied = await buildApp(testConfig({ trustProxy: true }), { database, serveClient: true, clientDir });
  await Promise.all([app.ready(), proxied.ready()]);
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

const frameAncestors = (res: { headers: Record<string, unknown> }) =>
  /frame-ancestors ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];

describe('frames', () => {
  it('lets other sites frame the two embed pages, with any query', async () => {
    for (const url of ['/embed', '/embed?truck=3', '/embed-standalone', '/embed-standalone?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(frameAncestors(res), url).toBe('*');
    }
  });

  it('answers /embed/<anything> with a 404 no other site may frame, never the app', async () => {
    for (const url of ['/embed/', '/embed/admin/events', '/embed-standalone/payouts', '/embed/x?y=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(frameAncestors(res), url).toBe("'self'");
    }
    // Nor does a look-alike path count as an embed.
    const lookalike = await app.inject({ url: '/embedded' });
    expect(frameAncestors(lookalike)).toBe("'self'");
  });
});

describe('HSTS', () => {
  it('is sent when the request came over HTTPS through a trusted proxy, and only then', async () => {
    const https = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to forge: it proves nothing.
    const untrusted = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('private answers', () => {
  it('carry Cache-Control: no-store, while the public reads stay cacheable', async () => {
    const organizer = await createUser(database.db, { username: 'nostore-org' });
    const truck = await createTruck(database.db, { username: 'nostore-truck' });
    const event = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id });
    const organizerAgent = new Agent(app);
    await organizerAgent.login('nostore-org');
    const truckAgent = new Agent(app);
    await truckAgent.login('nostore-truck');
    const answers = {
      '/api/payouts': await organizerAgent.get('/api/payouts'),
      '/api/payouts/account': await truckAgent.get('/api/payouts/account'),
      '/api/events/organizer/{id}': await organizerAgent.get(`/api/events/organizer/${organizer.id}`),
      '/api/events/pending/{id}': await truckAgent.get(`/api/events/pending/${truck.id}`),
      '/api/user': await organizerAgent.get('/api/user'),
      '/api/bookings': await truckAgent.get('/api/bookings'),
    };
    for (const [route, res] of Object.entries(answers)) {
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
    const publicRead = await organizerAgent.get(`/api/events/${event.id}`);
    expect(publicRead.headers['cache-control']).toMatch(/^public, /);
  });
});

describe('no GET changes state', () => {
  it('makes no payout account for a GET of the onboarding route, cross-site or not', async () => {
    const truck = await createTruck(database.db, { username: 'get-onboarding' });
    const agent = new Agent(app);
    await agent.login('get-onboarding');
    const res = await agent.get('/api/payouts/account/onboarding', { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(404);
    expect(
      await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, truck.id)),
    ).toEqual([]);
    // The money page's button asks by POST, and that one makes the account.
    expect((await agent.post('/api/payouts/account/onboarding')).statusCode).toBe(200);
    expect(
      await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, truck.id)),
    ).toHaveLength(1);
  });
});

describe("the payment provider's errors", () => {
  it('reach the diner as a plain message, and the log with the provider request id', async () => {
    const fake = await FakeStripe.start();
    const lines: string[] = [];
    // A live key the provider does not know: Stripe answers 401 "Invalid API Key provided: sk_live_…".
    const misconfigured = await buildApp(
      testConfig({
        logLevel: 'info',
        logFormat: 'json',
        stripe: {
          secretKey: 'sk_live_51Hwrongwrongwrong',
          publishableKey: fake.publishableKey,
          webhookSecret: fake.webhookSecret,
          apiUrl: fake.url,
        },
      }),
      { database, serveClient: false, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const organizer = await createUser(database.db);
      const truck = await createTruck(database.db);
      const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
      const event = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id });
      const res = await new Agent(misconfigured).post(`/api/events/${event.id}/create-payment-intent`, {
        items: [{ menuItemId: taco.id, quantity: 1 }],
        customerName: 'Dana Diner',
        customerEmail: 'dana@example.com',
        amount: 1050,
        platformFeePercentage: 5,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        code: 'payments_unavailable',
        message: 'Payments are not available right now. Please try again in a few minutes.',
      });
      expect(res.body).not.toMatch(/sk_live|API Key/i);

      const refused = fake.requests.filter((r) => r.status === 401);
      expect(refused.length).toBeGreaterThan(0);
      const logged = lines
        .map((line) => JSON.parse(line) as { msg: string; provider?: Record<string, unknown> })
        .find((line) => line.msg === 'the payment provider refused the request');
      expect(logged?.provider).toMatchObject({
        requestId: expect.stringMatching(/^req_/),
        type: 'invalid_request_error',
        status: 401,
      });
      expect(lines.join('\n')).not.toContain('sk_live_51Hwrong');
    } finally {
      await misconfigured.close();
      await fake.close();
    }
  });
});
