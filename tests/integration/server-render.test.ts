import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { events } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock, openTestDatabase, testConfig } from '../support/test-app';

/**
 * How the server puts pages into their HTML (decision 108), with a stand-in for the client's server
 * entry (`dist/ssr/entry-server.js`): which pages, from which answers, how they travel, how often they
 * are rendered, and that the shell still goes out whenever rendering cannot happen.
 */
let database: Database;
let app: FastifyInstance;
let root: string;

const INDEX = `<!doctype html><html><head><title>Food Truck Fund</title>
    <!-- Every screen asks who is signed in before it shows: ask while the script downloads. -->
    <link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-AbCd12_-.js"></script></head><body><div id="root"></div></body></html>`;

/** Renders the page's title and the keys of the answers it got; throws for a URL asking it to. */
const ENTRY = `
globalThis.renders = 0;
export async function renderPage({ url, origin, queries, renderedAt }) {
  globalThis.renders += 1;
  const event = queries.find((q) => String(q.key[0]).startsWith('/api/events/') && q.data && q.data.title);
  if (event && event.data.title === 'Explodes') throw new Error('render failed');
  return '<title>' + (event ? 'Page of ' + event.data.id : 'Landing') + ' · Food Truck Fund</title>' +
    '<div inert=""><main data-origin="' + origin + '" data-at="' + renderedAt + '">' +
    queries.map((q) => q.key[0]).join(' ') + '</main></div>';
}`;

const renders = () => (globalThis as { renders?: number }).renders ?? 0;
const bootData = (html: string) => {
  const json = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as { queries: { key: string[]; data: unknown }[] });
};

let eventId: number;
let hiddenId: number;
let failingId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'server-render-'));
  await mkdir(path.join(root, 'web'));
  await mkdir(path.join(root, 'ssr'));
  await writeFile(path.join(root, 'web', 'index.html'), INDEX);
  await writeFile(path.join(root, 'ssr', 'entry-server.js'), ENTRY);
  // The app's own clock, standing still: a page is kept per minute of it, and the real clock crossing a
  // minute while the test counts renders would render the page twice.
  app = await buildApp(testConfig({ now: createClock().now }), {
    database,
    serveClient: true,
    clientDir: path.join(root, 'web'),
  });
  await app.ready();

  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db, { businessName: 'Taco Loco' });
  await createMenuItem(database.db, { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title: 'Tacos </script><script>alert(1)</script> night',
  });
  eventId = event.id;
  const hidden = await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id });
  await database.db.update(events).set({ hidden: true }).where(eq(events.id, hidden.id));
  hiddenId = hidden.id;
  failingId = (
    await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id, title: 'Explodes' })
  ).id;
  await app.ctx.publicReads.catchUp();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { 'accept-encoding': 'identity', host: 'fund.example', ...headers } });

describe('pages rendered by the server', () => {
  it("puts the event page in its HTML, from the API's own answers, which travel in the page", async () => {
    const res = await page(`/events/public/${eventId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<div id="root"><div inert=""><main data-origin="http://fund.example"`);
    expect(html).toContain(`<title>Page of ${eventId} · Food Truck Fund</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const boot = bootData(html)!;
    expect(boot.queries.map((q) => q.key[0])).toEqual([
      '/api/user',
      `/api/events/${eventId}`,
      expect.stringMatching(/^\/api\/menu-items\/\d+$/),
      `/api/events/${eventId}/updates`,
    ]);
    expect(boot.queries[0]!.data).toBeNull();
    const answer = await app.inject({ url: `/api/events/${eventId}` });
    expect(boot.queries[1]!.data).toEqual(answer.json());
    // Nobody is asked who is signed in, nor for the answers the page already has.
    expect(html).not.toContain('href="/api/user"');
    expect(html).not.toContain('as="fetch"');
  });

  it('loads its scripts after the first paint, by the one inline script the policy allows', async () => {
    const res = await page(`/events/public/${eventId}`);
    const html = res.body;
    // Nothing in the head competes with the stylesheet, the font and the hero picture...
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    // ...the entry waits in the page, and the loader that adds it is allowed by its hash alone.
    const listed = /<script type="application\/json" id="app-scripts">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(listed!)).toEqual({ entry: '/assets/index-AbCd12_-.js', preload: [] });
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');

    // A visitor with a session gets the shell: its script in the head, loaded at once.
    const shell = (await page(`/events/public/${eventId}`, { cookie: 'sid=anything' })).body;
    const shellHead = shell.slice(0, shell.indexOf('</head>'));
    expect(shellHead).toContain(
      '<script type="module" crossorigin src="/assets/index-AbCd12_-.js"></script>',
    );
    expect(shell).not.toContain('id="app-scripts"');
  });

  it('cannot be broken out of by what an organizer typed', async () => {
    const html = (await page(`/events/public/${eventId}`)).body;
    const script = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(script).toContain('\\u003c/script>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(JSON.stringify(bootData(html))).toContain('</script><script>alert(1)</script>');
  });

  it('renders a page once while what it shows is unchanged, and again when it changes', async () => {
    await page(`/events/public/${eventId}`);
    // The set-up's own changes may still be on their way (its catch-up had nothing kept to wait for):
    // let them land, and render again if they emptied the cache, before counting.
    await app.ctx.publicReads.catchUp();
    await page(`/events/public/${eventId}`);
    const before = renders();
    await Promise.all(Array.from({ length: 20 }, () => page(`/events/public/${eventId}`)));
    expect(renders()).toBe(before);

    // Nor for each made-up query string (a shared link's tracking parameters, or a flood of them).
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => page(`/events/public/${eventId}?utm_source=s${i}&x=${i}`)),
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => page(`/?ref=${i}`)));
    await page('/');
    const afterLanding = renders();
    await Promise.all(Array.from({ length: 5 }, (_, i) => page(`/?ref=again${i}`)));
    expect(renders()).toBe(afterLanding);
    expect(afterLanding - before).toBeLessThanOrEqual(1);

    await database.db.update(events).set({ title: 'Tacos, renamed' }).where(eq(events.id, eventId));
    await app.ctx.publicReads.catchUp();
    const html = (await page(`/events/public/${eventId}`)).body;
    expect(renders()).toBe(afterLanding + 1);
    expect(JSON.stringify(bootData(html))).toContain('Tacos, renamed');
  });

  it('puts the landing page in the HTML of / for a visitor, and leaves the signed in to the browser', async () => {
    const visitor = (await page('/')).body;
    expect(visitor).toContain('<title>Landing · Food Truck Fund</title>');
    expect(bootData(visitor)!.queries).toEqual([{ key: ['/api/user'], data: null }]);

    const withSession = (await page('/', { cookie: 'sid=anything' })).body;
    expect(bootData(withSession)).toBeNull();
    expect(withSession).toContain('<div id="root"></div>');
    expect(withSession).toContain('href="/api/user"');
  });

  it("writes `$&`, `$`` and `$'` in a title, a place or a truck name as they are, never as patterns", async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db, { businessName: "Truck $& $' $`" });
    const title = "Grill $` night $& $' $$";
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      title,
      location: "Lot $'",
    });
    await app.ctx.publicReads.catchUp();
    const unescape = (value: string) =>
      value.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    for (const headers of [{}, { cookie: 'sid=anything' }] as Record<string, string>[]) {
      const html = (await page(`/events/public/${event.id}`, headers)).body;
      // The head was copied into itself when `$\`` was read as "the text before the match".
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(html)![1]!;
      expect(unescape(ogTitle)).toBe(`${title} with Truck $& $' $\``);
      const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
      expect(unescape(description)).toContain("at Lot $'.");
    }
  });

  it('sends the shell, with its preloads, to a visitor with a session, for a hidden event (404), and when rendering fails', async () => {
    const withSession = (await page(`/events/public/${eventId}`, { cookie: 'sid=anything' })).body;
    expect(bootData(withSession)).toBeNull();
    expect(withSession).toContain(`<link rel="preload" href="/api/events/${eventId}" as="fetch"`);

    // Taken down: to a stranger, the same 404 as an unknown address (the shell, which says so).
    const hidden = await page(`/events/public/${hiddenId}`);
    expect(hidden.statusCode).toBe(404);
    expect(bootData(hidden.body)).toBeNull();
    expect(hidden.body).toContain('<div id="root"></div>');

    const failed = await page(`/events/public/${failingId}`);
    expect(failed.statusCode).toBe(200);
    expect(bootData(failed.body)).toBeNull();
    expect(failed.body).toContain('<div id="root"></div>');
  });
});

describe('the host a page is rendered for', () => {
  it('without PUBLIC_URL, renders for the first few hosts only, never a fresh page per made-up host', async () => {
    await page(`/events/public/${eventId}`);
    const before = renders();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        page(`/events/public/${eventId}`, { host: `made-up-${i}.example` }),
      ),
    );
    // fund.example was the first; three more may join it, and then no other host is rendered.
    expect(renders() - before).toBeLessThanOrEqual(3);
    const shells = answers.filter((res) => bootData(res.body) === null);
    expect(shells.length).toBeGreaterThanOrEqual(17);
    for (const res of shells) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toMatch(/made-up-\d+\.example/);
    }
    // The first host still gets its page.
    expect(bootData((await page(`/events/public/${eventId}`)).body)).not.toBeNull();
  });

  it('with PUBLIC_URL, renders only for its host, and every share link is its own', async () => {
    const site = await buildApp(testConfig({ publicUrl: 'https://fund.example' }), {
      database,
      serveClient: true,
      clientDir: path.join(root, 'web'),
    });
    try {
      await site.ready();
      const ask = (host: string, url = `/events/public/${eventId}`) =>
        site.inject({ url, headers: { 'accept-encoding': 'identity', host } });
      const own = (await ask('fund.example')).body;
      expect(own).toContain('data-origin="https://fund.example"');
      expect(own).toContain(
        `<meta property="og:url" content="https://fund.example/events/public/${eventId}" />`,
      );

      const before = renders();
      for (const host of ['evil.example', 'fund.example.evil.example', '10.0.0.7:3000']) {
        const other = (await ask(host)).body;
        expect(bootData(other), host).toBeNull();
        expect(other, host).toContain(
          `<meta property="og:url" content="https://fund.example/events/public/${eventId}" />`,
        );
        expect(other, host).not.toContain(host === '10.0.0.7:3000' ? '10.0.0.7' : 'evil.example');
        expect(bootData((await ask(host, '/')).body), host).toBeNull();
      }
      expect(renders()).toBe(before);
    } finally {
      await site.close();
    }
  });
});
