import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { SseClient } from '../support/sse-client';
import { Agent, openTestDatabase, testConfig } from '../support/test-app';

/**
 * An admin hides an event on instance A while instance B has it in its public read cache, its page
 * and a live stream open (two instances on one database; on PostgreSQL each with its own connections,
 * as behind a load balancer). From the moment A answers, B serves it to nobody.
 */
let database: Database & { url?: string };
let secondHandle: Database | undefined;
let clientDir: string;
const instances: Array<{ app: FastifyInstance; baseUrl: string }> = [];
const streams: SseClient[] = [];

const INDEX =
  '<!doctype html><html><head><title>Food Truck Fund</title></head><body><div id="root"></div></body></html>';

async function startInstance(db: Database) {
  const app = await buildApp(testConfig(), { database: db, serveClient: true, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

beforeAll(async () => {
  database = await openTestDatabase();
  secondHandle = database.url ? await openDatabase({ url: database.url }) : undefined;
  clientDir = await mkdtemp(path.join(tmpdir(), 'hide-everywhere-'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX);
  instances.push(await startInstance(database), await startInstance(secondHandle ?? database));
  await createUser(database.db, { username: 'hide-admin', role: 'admin' });
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  for (const { app } of instances) await app.close();
  await secondHandle?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

async function publicEvent(title: string) {
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db);
  return createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id, title, daysAhead: 3 });
}

async function watch(instance: { baseUrl: string }, eventId: number) {
  const stream = await SseClient.open(`${instance.baseUrl}/api/events/${eventId}/stream`);
  streams.push(stream);
  return stream;
}

describe('hiding an event', () => {
  it('takes it off every instance before the admin is answered: reads, list, page and streams', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const admin = new Agent(a.app);
    await admin.login('hide-admin');
    const rounds = 12;
    const events = [];
    for (let n = 0; n < rounds; n++) events.push(await publicEvent(`Hide me ${n}`));
    const stale: string[] = [];
    for (const event of events) {
      // B has the event in its cache, in the list's first page, and a viewer on its stream.
      expect((await b.app.inject({ url: `/api/events/${event.id}` })).statusCode).toBe(200);
      const list = await b.app.inject({ url: '/api/events/public' });
      expect(list.body).toContain(`Hide me`);
      const viewer = await watch(b, event.id);
      await viewer.nextProgress(() => true, 5000);

      const hidden = await admin.post(`/api/admin/events/${event.id}/hidden`, {
        hidden: true,
        reason: 'Spam',
      });
      expect(hidden.statusCode).toBe(200);
      // The very next requests, on the other instance, all at once.
      const [read, page, listAfter, newViewer] = await Promise.all([
        b.app.inject({ url: `/api/events/${event.id}` }),
        b.app.inject({ url: `/events/public/${event.id}` }),
        b.app.inject({ url: '/api/events/public?limit=100' }),
        watch(b, event.id),
      ]);
      if (read.statusCode !== 404) stale.push(`read ${event.id}: ${read.statusCode}`);
      if (page.body.includes('og:title')) stale.push(`page ${event.id} still has its share card`);
      if (listAfter.body.includes(`"id":${event.id},`)) stale.push(`list ${event.id}`);
      await expect.poll(() => newViewer.ended || newViewer.status === 404).toBe(true);
      if (newViewer.status !== 404) stale.push(`new stream ${event.id}: ${newViewer.status}`);
      // The viewer already watching was let go (its browser reconnects, and is refused).
      await expect.poll(() => viewer.ended).toBe(true);
    }
    expect(stale).toEqual([]);
  });

  it('waits for exactly the instances listening on its database', async () => {
    const listening = await database.countListeners('event_takedown');
    expect(listening).toBe(2);
  });
});
