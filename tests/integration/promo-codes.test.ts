import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { pendingOrders, promoCodes } from '../../src/server/db/schema';
import { loadEventLedger } from '../../src/server/payouts/load-event-ledgers';
import { confirmCard, eventRow, liveEvent } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Promo codes through the HTTP API (docs/decisions/222-promo-codes.md), on PGlite by default and
 * PostgreSQL with TEST_DATABASE_URL: only the organizer makes, lists and switches them off; a diner's
 * code takes its discount off the organizer's markup only (never more), the goal still counts the
 * food; wrong, switched-off, expired and used-up codes answer 400 with their own code; `maxUses`
 * holds under a race of diners through two instances, and a checkout that ends unpaid gives its use back.
 */
let database: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp(database, { now: clock.now });
  b = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

/**
 * Three rounds on both databases (PGlite is one connection in this process, so the race is real only on
 * PostgreSQL; the rounds there are what prove it, and cost under a second each).
 */
const ROUNDS = [1, 2, 3];

/** An event at 10% markup: a $10.00 taco is $11.50 to a diner (food 10.00, markup 1.00, fee 0.50). */
async function markedUpEvent(minimumSales = 1_000_000) {
  const s = await liveEvent(database.db, clock.now(), { minimumSales, priceMarkupPercentage: 1000 });
  const organizer = new Agent(a);
  await organizer.login(s.organizer.username);
  return { ...s, organizer };
}

function checkout(
  app: FastifyInstance,
  eventId: number,
  tacoId: number,
  quantity: number,
  promoCode?: string,
  n = 0,
) {
  const diner = new Agent(app);
  const res = diner.post(`/api/events/${eventId}/create-payment-intent`, {
    items: [{ menuItemId: tacoId, quantity }],
    customerName: 'Dana Diner',
    customerEmail: `diner${n}@example.com`,
    amount: 1150 * quantity,
    ...(promoCode !== undefined ? { promoCode } : {}),
  });
  return res.then((r) => ({ res: r, diner }));
}

async function usesOf(codeId: number) {
  const [row] = await database.db.select().from(promoCodes).where(eq(promoCodes.id, codeId));
  return row!.uses;
}

describe('making promo codes', () => {
  it('only the organizer makes and lists them; a code is unique per event; bad input answers 400', async () => {
    const s = await markedUpEvent();
    const made = await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
      code: 'pta10',
      percentOff: 10,
      maxUses: 50,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      code: 'PTA10',
      percentOff: 10,
      amountOffCents: null,
      maxUses: 50,
      uses: 0,
      active: true,
    });

    const again = await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
      code: 'PTA10',
      amountOffCents: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('promo_code_taken');
    for (const body of [
      { code: 'PTA11' },
      { code: 'PTA12', percentOff: 10, amountOffCents: 100 },
      { code: 'PTA13', percentOff: 101 },
      { code: 'no spaces', percentOff: 5 },
      { code: 'PTA14', amountOffCents: 1.5 },
    ]) {
      expect(
        (await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }

    const truck = new Agent(a);
    await truck.login(s.truck.username);
    expect((await truck.get(`/api/events/${s.event.id}/promo-codes`)).statusCode).toBe(403);
    const other = await liveEvent(database.db, clock.now());
    const stranger = new Agent(a);
    await stranger.login(other.organizer.username);
    expect((await stranger.get(`/api/events/${s.event.id}/promo-codes`)).statusCode).toBe(403);
    expect(
      (await stranger.post(`/api/events/${s.event.id}/promo-codes`, { code: 'MINE', percentOff: 5 }))
        .statusCode,
    ).toBe(403);
    expect((await new Agent(a).get(`/api/events/${s.event.id}/promo-codes`)).statusCode).toBe(401);

    const listed = (await s.organizer.get(`/api/events/${s.event.id}/promo-codes`)).json();
    expect(listed.codes.map((c: { code: string }) => c.code)).toEqual(['PTA10']);
  });
});

describe('a diner using a code', () => {
  it('takes the discount off the markup only, at most all of it; the goal counts the food', async () => {
    const s = await markedUpEvent(3000);
    await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, { code: 'PTA10', percentOff: 10 });
    await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, { code: 'TAKE150', amountOffCents: 150 });

    // 2 tacos: lines 23.00 (markup 2.00). 10% of 23.00 is 2.30: capped at the markup, 2.00.
    const capped = await checkout(a, s.event.id, s.taco.id, 2, 'pta10', 1);
    expect(capped.res.statusCode).toBe(200);
    expect(capped.res.json().amount).toBe(2100);
    // $1.50 off 2 tacos: 21.50.
    const amount = await checkout(a, s.event.id, s.taco.id, 2, 'TAKE150', 2);
    expect(amount.res.json().amount).toBe(2150);
    const orders = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.eventId, s.event.id));
    expect(orders.map((o) => [o.totalAmount, o.subtotalAmount, o.discountAmount]).sort()).toEqual([
      [2100, 2000, 200],
      [2150, 2000, 150],
    ]);

    // Both held: the goal counts 40.00 of food, past the 30.00 minimum.
    for (const { res, diner } of [capped, amount]) {
      expect((await confirmCard(diner, res.json().clientSecret)).statusCode).toBe(200);
      await diner.post(`/api/events/${s.event.id}/orders/${res.json().orderId}/sync`);
    }
    expect((await eventRow(database.db, s.event.id)).currentSales).toBe(4000);
    for (let i = 0; i < 2; i++) {
      await a.ctx.reconciler.runOnce();
      await (a.ctx.payments as SimulatorGateway).flushEvents();
    }
    // Charged 21.00 + 21.50: the truck 40.00, the platform 2.00, the organizer 4.00 − 3.50 = 0.50.
    const ledger = await loadEventLedger(database.db, s.event.id);
    expect(ledger.grossCents).toBe(4250);
    expect(ledger.grossShares).toEqual({ truck: 4000, organizer: 50, platform: 200 });
    expect(ledger.discountsCents).toBe(350);

    const receipt = (
      await capped.diner.get(`/api/events/${s.event.id}/orders/${capped.res.json().orderId}`)
    ).json();
    expect(receipt.totals).toMatchObject({
      food: '20.00',
      markup: '2.00',
      fee: '1.00',
      discount: '2.00',
      charged: '21.00',
    });
    const csv = (await s.organizer.get(`/api/events/${s.event.id}/orders.csv`)).body as string;
    expect(csv.split('\r\n')[0]).toContain('"Promo code discount","Gift","Gift fee"');
    expect(csv).toContain('"2.00","0.00","0.00"');
    const listed = (await s.organizer.get(`/api/events/${s.event.id}/promo-codes`)).json();
    expect(listed.codes).toMatchObject([
      { code: 'PTA10', uses: 1, chargedUses: 1, discountCents: 200 },
      { code: 'TAKE150', uses: 1, chargedUses: 1, discountCents: 150 },
    ]);
  });

  it('answers 400 with its own code for a wrong, switched-off, expired or used-up code', async () => {
    const s = await markedUpEvent();
    const expiresAt = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const soon = (
      await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
        code: 'SOON',
        percentOff: 5,
        expiresAt,
      })
    ).json();
    const once = (
      await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
        code: 'ONCE',
        percentOff: 5,
        maxUses: 1,
      })
    ).json();
    const off = (
      await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, { code: 'OFF', percentOff: 5 })
    ).json();

    const wrong = await checkout(a, s.event.id, s.taco.id, 1, 'NOPE');
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json()).toMatchObject({
      code: 'promo_code_unknown',
      message: 'This promo code does not exist for this event',
    });

    const switched = await s.organizer.patch(`/api/events/${s.event.id}/promo-codes/${off.id}`, {
      active: false,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().active).toBe(false);
    expect((await checkout(a, s.event.id, s.taco.id, 1, 'off')).res.json().code).toBe(
      'promo_code_switched_off',
    );

    expect((await checkout(a, s.event.id, s.taco.id, 1, 'SOON')).res.statusCode).toBe(200);
    clock.advance(60 * 60 * 1000);
    const expired = await checkout(a, s.event.id, s.taco.id, 1, 'SOON');
    expect(expired.res.statusCode).toBe(400);
    expect(expired.res.json()).toMatchObject({
      code: 'promo_code_expired',
      message: 'This promo code has expired',
    });
    expect(soon.code).toBe('SOON');

    expect((await checkout(a, s.event.id, s.taco.id, 1, 'ONCE')).res.statusCode).toBe(200);
    const usedUp = await checkout(a, s.event.id, s.taco.id, 1, 'ONCE');
    expect(usedUp.res.statusCode).toBe(400);
    expect(usedUp.res.json()).toMatchObject({
      code: 'promo_code_used_up',
      message: 'This promo code has been used up',
    });
    expect(await usesOf(once.id)).toBe(1);
  });

  it.each(ROUNDS)(
    'round %i: 30 diners race for the last 5 uses through two instances: exactly 5 get it; one who leaves gives it back',
    async () => {
      const s = await markedUpEvent();
      const code = (
        await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
          code: 'FIVE',
          amountOffCents: 100,
          maxUses: 5,
        })
      ).json();
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          checkout(n % 2 === 0 ? a : b, s.event.id, s.taco.id, 1, 'FIVE', n),
        ),
      );
      const won = results.filter((r) => r.res.statusCode === 200);
      const refused = results.filter((r) => r.res.statusCode === 400);
      expect(won).toHaveLength(5);
      expect(refused).toHaveLength(25);
      for (const r of refused) expect(r.res.json().code).toBe('promo_code_used_up');
      for (const r of won) expect(r.res.json().amount).toBe(1050);
      expect(await usesOf(code.id)).toBe(5);
      const placed = await database.db
        .select()
        .from(pendingOrders)
        .where(eq(pendingOrders.eventId, s.event.id));
      expect(placed).toHaveLength(5);

      // One winner leaves before paying: the checkout ends unpaid and its use is free again.
      const leaver = won[0]!;
      const cancel = await leaver.diner.post(`/api/events/${s.event.id}/cancel-payment`, {
        orderId: leaver.res.json().orderId,
      });
      expect([200, 202]).toContain(cancel.statusCode);
      await (a.ctx.payments as SimulatorGateway).flushEvents();
      await a.ctx.reconciler.runOnce();
      await expect.poll(() => usesOf(code.id)).toBe(4);
      expect((await checkout(b, s.event.id, s.taco.id, 1, 'FIVE', 99)).res.statusCode).toBe(200);
      expect((await checkout(a, s.event.id, s.taco.id, 1, 'FIVE', 100)).res.json().code).toBe(
        'promo_code_used_up',
      );
    },
  );
  it('uses given back while others race for them: never more than maxUses held, and every freed use is taken', async () => {
    const s = await markedUpEvent();
    const code = (
      await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, {
        code: 'BACK5',
        amountOffCents: 100,
        maxUses: 5,
      })
    ).json();
    const race = (n: number, from: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          checkout(i % 2 === 0 ? a : b, s.event.id, s.taco.id, 1, 'BACK5', from + i),
        ),
      );
    const holding = async () => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(pendingOrders)
        .where(
          and(
            eq(pendingOrders.promoCodeId, code.id),
            sql`order_holds_stock(${pendingOrders.status}, ${pendingOrders.refundDueAt})`,
          ),
        );
      return row!.n;
    };
    const first = (await race(30, 200)).filter((r) => r.res.statusCode === 200);
    expect(first).toHaveLength(5);

    // Three winners leave while 20 more diners race for the code.
    const [, second] = await Promise.all([
      Promise.all(
        first.slice(0, 3).map(async (w) => {
          await w.diner.post(`/api/events/${s.event.id}/cancel-payment`, { orderId: w.res.json().orderId });
          await (a.ctx.payments as SimulatorGateway).flushEvents();
          await a.ctx.reconciler.runOnce();
        }),
      ),
      race(20, 300),
    ]);
    await expect.poll(holding).toBeLessThanOrEqual(5);
    const took = second.filter((r) => r.res.statusCode === 200).length;
    expect(took).toBeLessThanOrEqual(3);
    for (const r of second.filter((x) => x.res.statusCode !== 200)) {
      expect(r.res.json().code).toBe('promo_code_used_up');
    }

    // Once the leavers' orders have ended, the code's count is the orders that hold one (the two
    // winners who stayed and the racers who got in), and the free uses go to exactly as many of the
    // next racers.
    await (a.ctx.payments as SimulatorGateway).flushEvents();
    await a.ctx.reconciler.runOnce();
    await expect.poll(holding).toBe(2 + took);
    expect(await usesOf(code.id)).toBe(2 + took);
    const free = 5 - (await usesOf(code.id));
    const third = await race(10, 400);
    expect(third.filter((r) => r.res.statusCode === 200)).toHaveLength(free);
    expect(await usesOf(code.id)).toBe(5);
    expect(await holding()).toBe(5);
  });
});
