import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { LOG_LINE_MAX_CHARS } from '../../src/server/http/log-options';
import type { Database } from '../../src/server/db/client';
import { createTruck } from '../../src/server/seed/factories';
import { toDataUrl } from '../support/images';
import { Agent, openTestDatabase, testConfig } from '../support/test-app';

/** What the app gives away: its health answer, its log lines, the uploads it stores. */
let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testConfig({ logLevel: 'debug', logFormat: 'json' }), {
    database,
    serveClient: false,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('health', () => {
  it('says only that the app is up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('logs', () => {
  it('hold no bodies, query values, e-mail addresses, cookies or image bytes, and no huge lines', async () => {
    const truck = await createTruck(database.db, { username: 'loggy' });
    const agent = new Agent(app);
    await agent.login('loggy');
    const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#ea580c' } })
      .png()
      .toBuffer();
    await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Loggy Tacos',
      contactEmail: 'owner-secret@example.com',
      profileImage: toDataUrl(picture),
      description: 'x'.repeat(2000),
    });
    await agent.get('/api/events/1/pending-orders?email=dana-secret%40example.com&token=tok-secret-123');
    await agent.post('/api/login', { username: 'loggy', password: 'hunter2-secret' });
    // A database error carries its query's parameters; the log must not.
    app.log.error(
      {
        err: Object.assign(
          new Error('Failed query: insert into pending_orders … params: dana-secret@example.com'),
          {
            query: 'insert into "pending_orders" ("customer_email") values ($1)',
            params: ['dana-secret@example.com'],
          },
        ),
      },
      'request failed',
    );
    app.log.warn({ blob: 'y'.repeat(20 * 1024 * 1024) }, 'a flood');

    expect(lines.length).toBeGreaterThan(5);
    const all = lines.join('\n');
    expect(all).toContain('"url":"/api/events/1/pending-orders?email=…&token=…"');
    for (const secret of [
      'dana-secret',
      'owner-secret',
      'tok-secret-123',
      'hunter2-secret',
      'base64',
      'Loggy Tacos',
      'sid=',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[email]');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(LOG_LINE_MAX_CHARS + 200);
  });
});

describe('uploads', () => {
  it('stores only re-encoded pixels: no trailing HTML, no metadata, upright', async () => {
    const truck = await createTruck(database.db, { username: 'polyglot' });
    const agent = new Agent(app);
    await agent.login('polyglot');
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS-SECRET' } } })
      .toBuffer();
    const polyglot = Buffer.concat([
      jpeg,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Polyglot',
      profileImage: toDataUrl(polyglot, 'image/jpeg'),
    });
    expect(res.statusCode).toBe(200);
    const stored = (await agent.get(res.json().profileImage)).rawPayload;
    expect(stored.toString('latin1')).not.toContain('<script>');
    expect(stored.toString('latin1')).not.toContain('GPS-SECRET');
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();

    // The same picture sent back with the next save is kept as it is (no loss on every save).
    const again = await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Polyglot 2',
      profileImage: res.json().profileImage,
    });
    expect(again.json().profileImage).toBe(res.json().profileImage);
  });

  it('refuses a file whose header is an image but whose body is not', async () => {
    const truck = await createTruck(database.db, { username: 'broken' });
    const agent = new Agent(app);
    await agent.login('broken');
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const truncated = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(300, 0x41)]);
    const res = await agent.patch(`/api/users/${truck.id}`, {
      businessName: 'Broken',
      profileImage: toDataUrl(truncated, 'image/jpeg'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.profileImage).toBe('The image could not be read');
  });
});

describe("the truck's answer to a request", () => {
  it('reaches the organizer, the truck and admins, never the public list, the event answer or its page', async () => {
    const { createEvent, createMenuItem, createUser } = await import('../../src/server/seed/factories');
    const organizer = await createUser(database.db, { username: 'privy-org' });
    await createUser(database.db, { username: 'privy-admin', role: 'admin' });
    const truck = await createTruck(database.db, { username: 'privy-truck' });
    await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: new Date(),
      status: 'pending_approval',
    });
    const truckAgent = new Agent(app);
    await truckAgent.login('privy-truck');
    const secret = 'Our cook is out that week, so we charge double';
    const answered = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: '500',
      response: secret,
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().foodTruckResponse).toBe(secret);

    const anonymous = new Agent(app, '10.8.0.1');
    for (const url of [`/api/events/${event.id}`, '/api/events/public']) {
      const res = await anonymous.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('cook is out');
    }
    const organizerAgent = new Agent(app);
    await organizerAgent.login('privy-org');
    const mine = (await organizerAgent.get(`/api/events/organizer/${organizer.id}`)).json().events;
    expect(mine.find((e: { id: number }) => e.id === event.id).foodTruckResponse).toBe(secret);
    const adminAgent = new Agent(app);
    await adminAgent.login('privy-admin');
    expect((await adminAgent.get('/api/admin/events')).body).toContain('cook is out');
  });
});
