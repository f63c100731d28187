import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { events, menuItems, pendingOrders } from '../../src/server/db/schema';
import { confirmCard, liveEvent, orderBody } from '../support/orders';
import { Agent, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Stock per event (docs/decisions/196-stock-per-event.md): a truck caps an item for one event, the menu
 * says what is left, a cart that wants more is refused with the item's name, the last units never
 * oversell through two instances, and orders that stop being live give their units back.
 */

let database: Database & { url?: string };
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp(database);
  b = await createTestApp(database);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

/** PGlite is one connection in this process, so the race is real only on PostgreSQL: repeat it there. */
const ROUNDS = process.env.TEST_DATABASE_URL ? [1, 2, 3] : [1];

async function limit(itemId: number, stock: number | null) {
  await database.db.update(menuItems).set({ stockPerEvent: stock }).where(eq(menuItems.id, itemId));
}

async function left(app: FastifyInstance, eventId: number) {
  const res = await new Agent(app).get(`/api/events/${eventId}/stock`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Array<{ menuItemId: number; limit: number; left: number }> }).items;
}

/** A diner's checkout of `quantity` tacos: the answer of create-payment-intent, and the diner. */
async function order(app: FastifyInstance, eventId: number, tacoId: number, quantity: number, n: number) {
  const diner = new Agent(app);
  const res = await diner.post(
    `/api/events/${eventId}/create-payment-intent`,
    orderBody(tacoId, quantity, 1050, `diner${n}@example.com`),
  );
  return { res, diner };
}

describe('stock per event', () => {
  it.each(ROUNDS)(
    'round %i: 40 diners for the last 10 tacos through two instances: exactly 10 sold, 30 told it is sold out',
    async () => {
      const { event, taco } = await liveEvent(database.db, new Date(), { minimumSales: 1_000_000 });
      await limit(taco.id, 10);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, n) => order(n % 2 === 0 ? a : b, event.id, taco.id, 1, n)),
      );
      const sold = results.filter((r) => r.res.statusCode === 200);
      const refused = results.filter((r) => r.res.statusCode === 409);
      expect(sold).toHaveLength(10);
      expect(refused).toHaveLength(30);
      for (const r of refused) {
        expect(r.res.json().message).toBe(`${taco.name} is sold out. Please remove it from your cart.`);
      }
      const placed = await database.db
        .select()
        .from(pendingOrders)
        .where(eq(pendingOrders.eventId, event.id));
      expect(placed).toHaveLength(10);
      expect(await left(b, event.id)).toEqual([{ menuItemId: taco.id, limit: 10, left: 0 }]);
    },
  );

  it('says how many are left when a cart wants more, and sells the rest', async () => {
    const { event, taco } = await liveEvent(database.db, new Date(), { minimumSales: 1_000_000 });
    await limit(taco.id, 5);
    expect(await left(a, event.id)).toEqual([{ menuItemId: taco.id, limit: 5, left: 5 }]);
    expect((await order(a, event.id, taco.id, 3, 1)).res.statusCode).toBe(200);
    const tooMany = await order(a, event.id, taco.id, 3, 2);
    expect(tooMany.res.statusCode).toBe(409);
    expect(tooMany.res.json().message).toBe(`Only 2 ${taco.name} left. Please change your cart.`);
    expect((await order(a, event.id, taco.id, 2, 3)).res.statusCode).toBe(200);
    expect(await left(a, event.id)).toEqual([{ menuItemId: taco.id, limit: 5, left: 0 }]);
  });

  it('a cancelled order and an event called off give their units back', async () => {
    const { event, taco, organizer } = await liveEvent(database.db, new Date(), { minimumSales: 1_000_000 });
    await limit(taco.id, 4);
    const first = await order(a, event.id, taco.id, 2, 1);
    const { orderId, clientSecret } = first.res.json() as { orderId: number; clientSecret: string };
    expect((await confirmCard(first.diner, clientSecret)).statusCode).toBe(200);
    expect((await first.diner.post(`/api/events/${event.id}/orders/${orderId}/sync`)).statusCode).toBe(200);
    const second = await order(a, event.id, taco.id, 2, 2);
    expect(second.res.statusCode).toBe(200);
    expect((await left(a, event.id))[0]!.left).toBe(0);

    // The diner leaves before the goal: once the hold is released, the two tacos are back.
    const cancel = await first.diner.post(`/api/events/${event.id}/cancel-payment`, { orderId });
    expect([200, 202]).toContain(cancel.statusCode);
    await (a.ctx.payments as SimulatorGateway).flushEvents();
    await expect.poll(async () => (await left(a, event.id))[0]!.left).toBe(2);

    // The organizer calls the event off: every open order is released, and so every unit.
    const organizerAgent = new Agent(a);
    await organizerAgent.login(organizer.username);
    const calledOff = await organizerAgent.post(`/api/events/${event.id}/cancel`, { reason: 'Rain' });
    expect(calledOff.statusCode).toBeLessThan(300);
    await (a.ctx.payments as SimulatorGateway).flushEvents();
    await a.ctx.reconciler.runOnce();
    await expect.poll(async () => (await left(a, event.id))[0]!.left).toBe(4);
  });

  it('an item that starts being limited counts the orders already placed', async () => {
    const { event, taco, truck } = await liveEvent(database.db, new Date(), { minimumSales: 1_000_000 });
    expect((await order(a, event.id, taco.id, 3, 1)).res.statusCode).toBe(200);
    const owner = new Agent(a);
    await owner.login(truck.username);
    const bad = await owner.patch(`/api/menu-items/${taco.id}`, { stockPerEvent: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Stock per event cannot be negative/);
    const set = await owner.patch(`/api/menu-items/${taco.id}`, { stockPerEvent: 4 });
    expect(set.statusCode).toBe(200);
    expect(set.json().stockPerEvent).toBe(4);
    expect(await left(a, event.id)).toEqual([{ menuItemId: taco.id, limit: 4, left: 1 }]);
    const cleared = await owner.patch(`/api/menu-items/${taco.id}`, { stockPerEvent: null });
    expect(cleared.json().stockPerEvent).toBeNull();
    expect(await left(a, event.id)).toEqual([]);
  });

  it("a hidden event's stock is as missing as the event", async () => {
    const { event } = await liveEvent(database.db, new Date());
    await database.db.update(events).set({ hidden: true }).where(eq(events.id, event.id));
    expect((await new Agent(a).get(`/api/events/${event.id}/stock`)).statusCode).toBe(404);
    expect((await new Agent(a).get(`/api/events/999999/stock`)).statusCode).toBe(404);
  });
});
