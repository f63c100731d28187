import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { SseClient } from '../support/sse-client';
import { createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Live-progress streams hold memory for as long as a page is open: one address held about 10,000
 * (713 MB). They are capped per address and per instance (LIVE_STREAMS_PER_ADDRESS,
 * LIVE_STREAMS_PER_INSTANCE); past either, 429 with Retry-After. The app trusts the proxy here, so
 * that X-Forwarded-For stands for the visitor's address.
 */
let database: Database;
let app: FastifyInstance;
let baseUrl: string;
let eventId: number;
const streams: SseClient[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { trustProxy: true, liveStreams: { perAddress: 3, perInstance: 5 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db);
  eventId = (
    await createEvent(database.db, { organizerId: organizer.id, foodTruckId: truck.id, daysAhead: 3 })
  ).id;
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await expect.poll(() => app.ctx.progress.streamCount).toBe(0);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function watch(address: string, id = eventId): Promise<SseClient> {
  const stream = await SseClient.open(`${baseUrl}/api/events/${id}/stream`, { 'x-forwarded-for': address });
  streams.push(stream);
  if (stream.status === 200) await stream.nextProgress(() => true, 5000);
  else await expect.poll(() => stream.ended).toBe(true);
  return stream;
}

describe('live-progress streams', () => {
  it('admits three from one address and refuses the fourth with 429 and Retry-After', async () => {
    const admitted = [await watch('10.50.0.1'), await watch('10.50.0.1'), await watch('10.50.0.1')];
    expect(admitted.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await watch('10.50.0.1');
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBe('30');
    expect(JSON.parse(fourth.body).message).toBe(
      'Too many live updates are open from your network. Please try again in 30 seconds.',
    );
    // Another address still gets in; once one of the first three closes, the first address does too.
    expect((await watch('10.50.0.2')).status).toBe(200);
    admitted[0]!.close();
    await expect.poll(() => app.ctx.progress.streamCount).toBe(3);
    expect((await watch('10.50.0.1')).status).toBe(200);
  });

  it('admits five on the instance in all, from any addresses, and refuses the sixth', async () => {
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await watch(`10.51.0.${n}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(JSON.parse(streams.at(-1)!.body).message).toBe(
      'Live updates are busy right now. Please try again in 30 seconds.',
    );
  });

  it('of 20 streams opened at once from one address, exactly three stay open', async () => {
    const opened = await Promise.all(Array.from({ length: 20 }, () => watch('10.52.0.1')));
    expect(opened.filter((s) => s.status === 200)).toHaveLength(3);
    expect(opened.filter((s) => s.status === 429)).toHaveLength(17);
    expect(app.ctx.progress.streamCount).toBe(3);
  });

  it('gives the place back when the stream is refused for another reason', async () => {
    for (let n = 0; n < 5; n++) expect((await watch('10.53.0.1', 2_000_000_000)).status).toBe(404);
    expect(app.ctx.progress.streamCount).toBe(0);
    expect((await watch('10.53.0.1')).status).toBe(200);
  });
});
