import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { inArray, isNotNull, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageId } from '../../src/core/chat';
import { openDatabase, type Database } from '../../src/server/db/client';
import { pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { ChatSocket } from '../support/chat-socket';
import { eventRow, liveEvent, orderBody, placeOrder } from '../support/orders';
import { SseClient } from '../support/sse-client';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A deploy stops one of two instances (what its SIGTERM handler does: `app.close()`) while it captures
 * a funded event's orders, streams that event's progress and holds a chat socket: the request in
 * flight is answered, the captures it started are recorded, the ones it had not started are handed to
 * the other instance at once, and the clients find the other instance (docs/decisions/139).
 */
let database: Database & { url?: string };
let second: Database | undefined;
let a: FastifyInstance;
let b: FastifyInstance;

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await openTestDatabase();
  second = database.url ? await openDatabase({ url: database.url }) : undefined;
  // The stopping instance's provider calls take a while, four at a time: a stop finds some under way.
  const slow = await createTestApp(database, {
    payments: { requestsPerSecond: undefined, captureConcurrency: 4, simulatorLatencyMs: 150 },
  });
  a = slow;
  b = await createTestApp(second ?? database);
  await a.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await second?.close();
  await database?.close();
});

describe('an instance stopped (SIGTERM) during captures, a stream and a chat socket', () => {
  // Several instances run on PostgreSQL only (one embedded database is one process; README).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'finishes what is in flight, hands the rest to the other instance, and its clients reconnect there',
    async () => {
      const ORDERS = 16;
      const { event, taco } = await liveEvent(database.db, new Date(), { minimumSales: ORDERS * 1000 });
      for (let i = 0; i < ORDERS; i++) await placeOrder(new Agent(b), event.id, taco.id, 1);
      expect((await eventRow(database.db, event.id)).status).toBe('processing');
      const ids = (await database.db.select({ id: pendingOrders.id }).from(pendingOrders)).map((o) => o.id);

      const stream = await SseClient.open(`${urlOf(a)}/api/events/${event.id}/stream`);
      await stream.nextProgress(() => true, 5000);
      const visitor = new Agent(a);
      await visitor.get('/api/chat/history');
      const socket = await ChatSocket.open(urlOf(a), { origin: urlOf(a), cookie: visitor.cookieHeader() });

      // Captures under way on the instance about to stop.
      const capturing = a.ctx.reconciler.runOnce();
      await expect
        .poll(
          async () =>
            (
              await database.db
                .select({ id: pendingOrders.id })
                .from(pendingOrders)
                .where(and(inArray(pendingOrders.id, ids), isNotNull(pendingOrders.captureClaimedAt)))
            ).length,
        )
        .toBeGreaterThan(0);
      // A diner's checkout in flight (the provider answers in 150 ms) when the stop begins.
      const inFlight = fetch(`${urlOf(a)}/api/events/${event.id}/create-payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: urlOf(a), 'idempotency-key': randomUUID() },
        body: JSON.stringify(orderBody(taco.id, 1, 1050, 'late@example.com')),
      });
      // Stop once the checkout is inside: its order is written, its provider call under way.
      await expect
        .poll(async () =>
          (await database.db.select().from(pendingOrders)).some(
            (o) => o.customerEmail === 'late@example.com',
          ),
        )
        .toBe(true);
      const stopped = a.close();
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      await stopped;
      await capturing;

      // The stream ended and the server began closing the socket ("going away", 1001): browsers reconnect.
      // (Its closing handshake may outlive the stopped server; the client's close event is not waited for.)
      expect(stream.ended).toBe(true);
      await expect.poll(() => socket.socket.readyState).toBeGreaterThanOrEqual(2);
      const chargedByA = (
        await database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, ids))
      ).filter((o) => o.status === 'charged').length;
      expect(chargedByA).toBeLessThan(ORDERS);
      // Nothing it had claimed is left waiting for a lease to lapse.
      const stillClaimed = (
        await database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, ids))
      ).filter((o) => o.status === 'confirmed' && o.captureClaimedAt !== null);
      expect(stillClaimed).toEqual([]);

      // The other instance takes over at once (no clock moved) and its clients reconnect to it.
      const again = await SseClient.open(`${urlOf(b)}/api/events/${event.id}/stream`);
      await b.ctx.reconciler.runOnce();
      const final = await database.db.select().from(pendingOrders).where(inArray(pendingOrders.id, ids));
      expect(final.filter((o) => o.status === 'charged')).toHaveLength(ORDERS);
      const intents = await database.db
        .select()
        .from(simulatorIntents)
        .where(
          inArray(
            simulatorIntents.id,
            final.map((o) => o.stripePaymentIntentId!),
          ),
        );
      expect(intents.filter((i) => i.status === 'succeeded')).toHaveLength(ORDERS);
      await again.nextProgress(() => true, 5000);
      again.close();

      const rejoined = await ChatSocket.open(urlOf(b), { origin: urlOf(b), cookie: visitor.cookieHeader() });
      const sent = {
        id: createMessageId(),
        type: 'message',
        text: 'Still there?',
        sender: 'Guest',
        timestamp: Date.now(),
      };
      rejoined.send(sent);
      expect((await rejoined.next((m) => m.id === sent.id)).text).toBe('Still there?');
      rejoined.close();
      console.info(
        `SIGTERM: ${chargedByA} of ${ORDERS} captures finished on the stopping instance, ` +
          `${ORDERS - chargedByA} handed over and charged by the other, 0 twice; the in-flight checkout answered 200`,
      );
    },
    60_000,
  );
});
