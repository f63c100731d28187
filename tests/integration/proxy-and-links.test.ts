import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { events, outbox } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { liveEvent } from '../support/orders';
import { Agent, createClock, openTestDatabase, testConfig } from '../support/test-app';

/**
 * Issue 37, as an attacker acts: forged `X-Forwarded-For` behind our proxy, forged `Host` and
 * `X-Forwarded-Host` on requests that mail links, HEAD floods, and line breaks in a calendar's text.
 * docs/decisions/212-the-caller-behind-our-proxies.md.
 */
let database: Database;
let clientDir: string;
const apps: FastifyInstance[] = [];
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;
/** The proxy in front: every request an instance behind it gets comes from its address. */
const NGINX = '127.0.0.1';

/** An app on the shared database with the registration limit of production (10 an hour) and a small chat one. */
async function start(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const base = testConfig();
  const app = await buildApp(
    testConfig({
      now: clock.now,
      rateLimits: {
        ...base.rateLimits,
        registration: { max: 10, windowMs: HOUR },
        chat: { max: 3, windowMs: 60 * 1000 },
      },
      ...overrides,
    }),
    { database, serveClient: true, clientDir },
  );
  await app.ready();
  apps.push(app);
  return app;
}

let behindOneProxy: FastifyInstance;
let behindTwoProxies: FastifyInstance;
let behindNamedProxy: FastifyInstance;
let direct: FastifyInstance;
let site: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  clientDir = await mkdtemp(path.join(tmpdir(), 'proxy-and-links-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Food Truck Fund</title>');
  // TRUST_PROXY=true, =2, =127.0.0.1, unset; and a site with its PUBLIC_URL.
  behindOneProxy = await start({ trustProxy: 1 });
  behindTwoProxies = await start({ trustProxy: 2 });
  behindNamedProxy = await start({ trustProxy: [NGINX] });
  direct = await start();
  site = await start({ trustProxy: 1, publicUrl: 'https://trucks.example.org' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

let accounts = 0;
/** A new account's registration, from `peer` (the socket's address) with the given headers. */
function register(app: FastifyInstance, peer: string, headers: Record<string, string>) {
  accounts++;
  return new Agent(app, peer).post(
    '/api/register',
    { username: `forger${accounts}`, password: 'violet-harbor-42', role: 'organizer' },
    headers,
  );
}

/** 14 registrations at once; how many got in and how many were refused. */
async function fourteenAtOnce(app: FastifyInstance, peer: string, forwardedFor: (i: number) => string) {
  const answers = await Promise.all(
    Array.from({ length: 14 }, (_, i) => register(app, peer, { 'x-forwarded-for': forwardedFor(i) })),
  );
  const refused = answers.filter((a) => a.statusCode === 429);
  for (const answer of refused)
    expect(answer.json().message).toMatch(/^Too many accounts were created from your network\./);
  return { created: answers.filter((a) => a.statusCode === 201).length, refused: refused.length };
}

describe('the caller behind our proxy is the right-most address our proxies did not add', () => {
  it('TRUST_PROXY=true: 14 registrations whose X-Forwarded-For is "<anything>, 203.0.113.50" meet the limit of 10', async () => {
    // nginx appends the address it was reached from; what the caller wrote before it is the caller's own.
    const counts = await fourteenAtOnce(behindOneProxy, NGINX, (i) => `198.51.100.${i}, 203.0.113.50`);
    expect(counts).toEqual({ created: 10, refused: 4 });
    // However long the forged part, and whatever it says.
    const longer = await register(behindOneProxy, NGINX, {
      'x-forwarded-for': '203.0.113.77, 10.0.0.1, unknown, 203.0.113.50',
    });
    expect(longer.statusCode).toBe(429);
    // Another visitor behind the same proxy still signs up: the limit is the visitor's, not the proxy's.
    expect((await register(behindOneProxy, NGINX, { 'x-forwarded-for': '203.0.113.51' })).statusCode).toBe(
      201,
    );
  });

  it('TRUST_PROXY=2 (a CDN, then nginx): the entry the CDN added is the caller', async () => {
    const counts = await fourteenAtOnce(
      behindTwoProxies,
      NGINX,
      (i) => `198.51.100.${i}, 203.0.113.60, 192.0.2.10`, // forged, the caller (by the CDN), the CDN (by nginx)
    );
    expect(counts).toEqual({ created: 10, refused: 4 });
  });

  it('TRUST_PROXY=<the proxy’s address>: behind it, the caller; straight to the app, the forged header is nothing', async () => {
    const counts = await fourteenAtOnce(behindNamedProxy, NGINX, (i) => `198.51.100.${i}, 203.0.113.70`);
    expect(counts).toEqual({ created: 10, refused: 4 });
    // A caller who reaches the instance itself, not through the proxy, is counted as itself.
    const bypass = await fourteenAtOnce(behindNamedProxy, '192.0.2.99', (i) => `203.0.113.${100 + i}`);
    expect(bypass).toEqual({ created: 10, refused: 4 });
  });

  it('without TRUST_PROXY, X-Forwarded-For counts for nothing', async () => {
    const counts = await fourteenAtOnce(direct, '192.0.2.98', (i) => `203.0.113.${120 + i}`);
    expect(counts).toEqual({ created: 10, refused: 4 });
  });

  it('slows password guesses from one caller down, however many addresses it forges', async () => {
    await createUser(database.db, { username: 'guarded', password: 'the-real-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const guess = await new Agent(behindOneProxy, NGINX).post(
        '/api/login',
        { username: 'guarded', password: `guess-${i}` },
        { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.80` },
      );
      statuses.push(guess.statusCode);
    }
    // Three typos are free for one address and one username; then it waits (decision 022).
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});

describe('links in mail never take a host from the request (decision 212)', () => {
  const FORGED = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-for': '203.0.113.90',
    origin: 'https://evil.example',
  };

  /** The text of the newest mail to `to`. */
  async function lastMailTo(to: string): Promise<string> {
    const rows = await database.db.select().from(outbox).where(eq(outbox.recipient, to));
    expect(rows.length, `a mail to ${to}`).toBeGreaterThan(0);
    const mail = rows.at(-1)!;
    return `${mail.textBody}\n${mail.htmlBody ?? ''}`;
  }

  /** Every http(s) link in a mail. */
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => new URL(m[0]));

  it('a password reset asked with a forged Host and X-Forwarded-Host behind our proxy mails a link to the site', async () => {
    // Without PUBLIC_URL (someone trying the app): the machine's own name, never the forged one.
    await createUser(database.db, { username: 'resetme', contactEmail: 'resetme@example.com' });
    const asked = await new Agent(behindOneProxy, NGINX).post(
      '/api/password-reset/request',
      { login: 'resetme' },
      // The Origin check compares with the Host the request names: the forger makes them agree.
      FORGED,
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const links = linksIn(await lastMailTo('resetme@example.com'));
    expect(links.some((url) => url.pathname.startsWith('/reset-password'))).toBe(true);
    for (const url of links) expect(url.hostname).not.toBe('evil.example');
    expect(links.find((url) => url.pathname.startsWith('/reset-password'))!.hostname).toBe('localhost');

    // With PUBLIC_URL: that, whatever the request said.
    await createUser(database.db, { username: 'resetsite', contactEmail: 'resetsite@example.com' });
    const onSite = await new Agent(site, NGINX).post(
      '/api/password-reset/request',
      { login: 'resetsite' },
      { ...FORGED, origin: 'https://trucks.example.org' },
    );
    expect(onSite.statusCode, onSite.body).toBe(200);
    const siteLinks = linksIn(await lastMailTo('resetsite@example.com'));
    expect(siteLinks.length).toBeGreaterThan(0);
    for (const url of siteLinks)
      if (url.hostname !== 'example.com') expect(url.origin).toBe('https://trucks.example.org');
  });

  it('a reminder’s confirmation link, asked through the proxy with a forged host, does not go there', async () => {
    const { event } = await liveEvent(database.db, clock.now());
    const asked = await new Agent(behindOneProxy, NGINX).post(
      `/api/events/${event.id}/reminders`,
      { email: 'remindme@example.com' },
      FORGED,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const confirm = linksIn(await lastMailTo('remindme@example.com')).find((url) =>
      url.pathname.startsWith('/reminders/confirm'),
    );
    expect(confirm?.hostname).toBe('localhost');
  });

  it('the machine’s own address is still used when someone tries the app on it (decision 146)', async () => {
    const { event } = await liveEvent(database.db, clock.now());
    const asked = await new Agent(direct, '127.0.0.1').post(
      `/api/events/${event.id}/reminders`,
      { email: 'onthemachine@example.com' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const confirm = linksIn(await lastMailTo('onthemachine@example.com')).find((url) =>
      url.pathname.startsWith('/reminders/confirm'),
    );
    expect(confirm?.origin).toBe('http://127.0.0.1:3000');
  });
});

describe('HEAD counts with GET (decision 212)', () => {
  it('a flood of HEADs spends the GET’s allowance, and a GET then waits', async () => {
    const flood = await Promise.all(
      Array.from({ length: 8 }, () =>
        new Agent(direct, '192.0.2.50').request({ method: 'HEAD', url: '/api/chat/history' }),
      ),
    );
    expect(flood.filter((r) => r.statusCode === 200).length).toBe(3);
    expect(flood.filter((r) => r.statusCode === 429).length).toBe(5);
    const get = await new Agent(direct, '192.0.2.50').get('/api/chat/history');
    expect(get.statusCode).toBe(429);
    expect(get.json().message).toMatch(/^Too many chat connections from your network\./);
  });

  it('GETs and HEADs mixed share one count of 3', async () => {
    const agent = () => new Agent(direct, '192.0.2.51');
    const statuses = [
      (await agent().get('/api/chat/history')).statusCode,
      (await agent().request({ method: 'HEAD', url: '/api/chat/history' })).statusCode,
      (await agent().get('/api/chat/history')).statusCode,
      (await agent().request({ method: 'HEAD', url: '/api/chat/history' })).statusCode,
      (await agent().get('/api/chat/history')).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('Permissions-Policy (decision 212)', () => {
  it('is on every answer: pages, API, HEAD, refusals and 404s; camera only for our own pages, no location', async () => {
    const answers = [
      await direct.inject({ url: '/' }),
      await direct.inject({ url: '/bookings/1/day' }),
      await direct.inject({ url: '/api/health' }),
      await direct.inject({ method: 'HEAD', url: '/api/health' }),
      await direct.inject({ url: '/api/events/not-a-number' }),
      await direct.inject({ url: '/api/no-such-route' }),
      await direct.inject({ url: '/no/such/page/anywhere' }),
      await direct.inject({ method: 'POST', url: '/api/login', headers: { origin: 'https://evil.example' } }),
    ];
    for (const answer of answers) {
      const policy = String(answer.headers['permissions-policy']);
      expect(policy, `${answer.statusCode} ${answer.raw.req.url}`).toContain('camera=(self)');
      const directives = new Map(policy.split(/,\s*/).map((d) => d.split('=') as [string, string]));
      expect(directives.get('geolocation')).toBe('()');
      expect(directives.get('microphone')).toBe('()');
      expect(directives.get('usb')).toBe('()');
      expect(directives.get('payment')).toBe('(self "https://js.stripe.com")');
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 400, 404, 404, 403]);
  });
});

describe('calendar files: every line break in a title or place is escaped (decision 212)', () => {
  it('a title with \\r, \\n and \\r\\n stays in SUMMARY and adds no property of its own', async () => {
    const { event } = await liveEvent(database.db, clock.now());
    // The create and edit forms accept any text in a title; this is what an organizer could type.
    await database.db
      .update(events)
      .set({
        title: 'Tacos\rATTENDEE:mailto:spy@evil.example\nX-ONE:1\r\nEND:VEVENT',
        location: 'Main St\rX-TWO:2',
      })
      .where(eq(events.id, event.id));
    const res = await direct.inject({ url: `/api/events/${event.id}/calendar.ics` });
    expect(res.statusCode, res.body).toBe(200);
    // Every line ends in CRLF; no CR or LF stands alone anywhere.
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // Unfolded (RFC 5545: CRLF then a space continues the line), no line starts with the injected names.
    const lines = res.body.replace(/\r\n[ \t]/g, '').split('\r\n');
    for (const name of ['ATTENDEE', 'X-ONE', 'X-TWO'])
      expect(lines.filter((line) => line.startsWith(name))).toEqual([]);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toBe(
      'SUMMARY:Tacos\\nATTENDEE:mailto:spy@evil.example\\nX-ONE:1\\nEND:VEVENT',
    );
    expect(lines.find((line) => line.startsWith('LOCATION:'))).toBe('LOCATION:Main St\\nX-TWO:2');
  });
});
