import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { liveEvent } from '../support/orders';
import { placeOrder } from '../support/place-order';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A first-time diner who pays in several tabs at once (issue 42 item 5, decision 233): each tab's first
 * order starts a guest session and the browser keeps the last cookie; every order still stays in that
 * browser, and in no other.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function ordersShown(agent: Agent, eventId: number): Promise<number[]> {
  const res = await agent.get(`/api/events/${eventId}/pending-orders`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((order) => order.id).sort((a, b) => a - b);
}

describe('orders paid in tabs at once, by a browser with no session yet', () => {
  it('all stay in that browser: its order list and each confirmation page (repeated, 2 to 4 tabs)', async () => {
    for (const tabs of [2, 2, 3, 3, 4, 4]) {
      const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 100_000 });
      const browser = new Agent(app);
      const placed = await Promise.all(
        Array.from({ length: tabs }, (_, i) =>
          placeOrder(browser, event.id, taco.id, { unitCents: 1050, email: `tab${i}@example.com` }),
        ),
      );
      expect(placed.map((p) => p.confirmStatus)).toEqual(Array(tabs).fill(200));
      const ids = placed.map((p) => p.orderId).sort((a, b) => a - b);

      expect(await ordersShown(browser, event.id)).toEqual(ids);
      for (const id of ids) {
        const receipt = await browser.get(`/api/events/${event.id}/orders/${id}`);
        expect(receipt.statusCode, receipt.body).toBe(200);
      }
      // Asked again (the merge is done once; nothing is lost or moved after it).
      expect(await ordersShown(browser, event.id)).toEqual(ids);
      // Another browser sees none of them.
      expect(await ordersShown(new Agent(app), event.id)).toEqual([]);
    }
  });

  it('a later order in a tab that already had the session joins the same list', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 100_000 });
    const browser = new Agent(app);
    const first = await Promise.all([
      placeOrder(browser, event.id, taco.id, { unitCents: 1050 }),
      placeOrder(browser, event.id, taco.id, { unitCents: 1050 }),
    ]);
    const later = await placeOrder(browser, event.id, taco.id, { unitCents: 1050 });
    expect(await ordersShown(browser, event.id)).toEqual(
      [...first.map((p) => p.orderId), later.orderId].sort((a, b) => a - b),
    );
  });
});
