import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { events, payouts } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { chargedOrder, refundOrder } from '../support/payouts';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The money page comes a page of events at a time by cursor, latest first, with the totals over every
 * event on the first page (docs/decisions/219-the-payout-statement-a-page-at-a-time.md); the CSV has
 * every event, read a page at a time.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const BAD_CURSOR = 'That page link is not valid; start again from the first page';

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

interface StatementBody {
  events: Array<{ eventId: number; share: string; status: string }>;
  nextCursor: string | null;
  totals: { currency: string; share: string; paid: string; upcoming: string }[] | null;
}

async function truckWithAgent() {
  const organizer = await createUser(database.db);
  const truck = await createTruck(database.db);
  const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
  const agent = new Agent(app);
  await agent.login(truck.username);
  const at = (daysAhead: number, status: typeof events.$inferInsert.status = 'closed') =>
    createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead,
      status,
      priceMarkupPercentage: 2000,
    });
  /** One $12.50 taco charged ($10.00 of it the truck's). */
  const sell = (event: { id: number; priceMarkupPercentage: number }) =>
    chargedOrder(app, event, [{ menuItemId: taco.id, quantity: 1, baseCents: 1000 }]);
  const load = async (cursor: string | null, limit = 2) => {
    const res = await agent.get(`/api/payouts?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatementBody;
  };
  return { organizer, truck, agent, at, sell, load };
}

/** Every page from the first, running `between` after each page but the last. */
async function allPages(
  load: (cursor: string | null) => Promise<StatementBody>,
  between: (pageNumber: number) => Promise<void> = async () => {},
): Promise<StatementBody[]> {
  const pages: StatementBody[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await load(cursor);
    pages.push(page);
    if (!page.nextCursor) return pages;
    expect(pages.length).toBeLessThan(20);
    await between(pages.length);
    cursor = page.nextCursor;
  }
}

describe("the truck's payout statement", () => {
  it('comes latest first a page at a time, each event exactly once even when events are added between pages', async () => {
    const { at, sell, load } = await truckWithAgent();
    // Two on the same day: the id breaks the tie.
    const [d1, d2a, d2b, d3, upcoming] = [
      await at(-9),
      await at(-6),
      await at(-6),
      await at(-3),
      await at(4, 'approved'),
    ];
    for (const event of [d1, d2a, d2b, d3]) await sell(event);
    // Never on the statement: requests never accepted, and a call-off before anyone paid.
    await at(-2, 'pending_approval');
    await at(-5, 'rejected');
    await at(-4, 'cancelled');
    // A call-off after a diner paid (and got it back) stays, to show the refund.
    const calledOff = await at(-8, 'cancelled');
    await refundOrder(app, (await sell(calledOff)).id);

    const added: number[] = [];
    const pages = await allPages(load, async (n) => {
      // One after the cursor's position (still to come, shown), one before it (already passed, not shown).
      if (n === 1) added.push((await at(-7)).id, (await at(10, 'approved')).id);
    });
    expect(pages.map((p) => p.events.map((e) => e.eventId))).toEqual([
      [upcoming.id, d3.id],
      [d2b.id, d2a.id],
      [added[0], calledOff.id],
      [d1.id],
    ]);
    const lines = pages.flatMap((p) => p.events);
    expect(new Set(lines.map((l) => l.eventId)).size).toBe(lines.length);
    expect(lines.find((l) => l.eventId === calledOff.id)).toMatchObject({ status: 'blocked', share: '0.00' });
    // The totals come with the first page only.
    expect(pages[0]!.totals).toEqual([{ currency: 'USD', share: '40.00', paid: '0.00', upcoming: '40.00' }]);
    expect(pages.slice(1).map((p) => p.totals)).toEqual([null, null, null]);
  });

  it('totals what the payouts sent, less reversals, and the share still to come', async () => {
    const { truck, at, sell, load } = await truckWithAgent();
    const paid = await at(-10);
    const reversed = await at(-9);
    const closing = await at(-1);
    const upcoming = await at(2, 'confirmed');
    for (const event of [paid, reversed, closing, upcoming]) await sell(event);
    // Two paid out: $10.00 each, $4.00 of one taken back after a correction.
    for (const [event, reversedAmount] of [
      [paid, 0],
      [reversed, 400],
    ] as const) {
      await database.db.update(events).set({ payoutsOpenedAt: clock.now() }).where(eq(events.id, event.id));
      await database.db.insert(payouts).values({
        eventId: event.id,
        party: 'truck',
        recipientId: truck.id,
        plannedAmount: 1000,
        transferId: `tr_test_${event.id}`,
        transferredAmount: 1000,
        reversedAmount,
        paidAt: clock.now(),
        createdAt: clock.now(),
      });
    }
    const first = await load(null, 25);
    expect(first.nextCursor).toBeNull();
    expect(first.events.map((e) => [e.eventId, e.status])).toEqual([
      [upcoming.id, 'pending'],
      [closing.id, 'blocked'], // no payout account yet
      [reversed.id, 'paid'],
      [paid.id, 'paid'],
    ]);
    expect(first.totals).toEqual([{ currency: 'USD', share: '36.00', paid: '16.00', upcoming: '20.00' }]);
  });

  it('answers 400 with its code for a cursor that is not one, and for a limit out of range', async () => {
    const { at, sell, agent, load } = await truckWithAgent();
    for (const days of [-3, -2, -1]) await sell(await at(days));
    const { nextCursor } = await load(null);
    const tampered = [
      'nonsense',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-11-19T18:00:00.000000Z', -4])).toString('base64url'),
      `${nextCursor!.slice(0, -3)}xyz`,
      'x'.repeat(201),
    ];
    for (const cursor of tampered) {
      const res = await agent.get(`/api/payouts?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message, cursor).toMatch(/That page link is not valid/);
    }
    const res = await agent.get(`/api/payouts?cursor=nonsense`);
    expect(res.json()).toMatchObject({ code: 'page_cursor_invalid', message: BAD_CURSOR });
    for (const limit of ['0', '101', 'ten']) {
      const answer = await agent.get(`/api/payouts?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
    }
    expect((await agent.get('/api/payouts?limit=101')).body).toContain('limit must be at most 100');
  });

  it('exports every event as CSV, more than a page of them, with the totals of what it lists', async () => {
    const { at, sell, agent } = await truckWithAgent();
    const sold: number[] = [];
    for (let i = 0; i < 105; i++) {
      const event = await at(-1 - i);
      if (i % 50 === 0) {
        await sell(event);
        sold.push(event.id);
      }
    }
    const res = await agent.get('/api/payouts/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = res.body.trim().split('\r\n');
    expect(rows).toHaveLength(1 + 105 + 1);
    expect(new Set(rows.slice(1, -1)).size).toBe(105);
    // Latest first: the first row is the event that ended yesterday.
    expect(rows[1]).toContain('"12.50","0.00","0.50","0.00","0.00","10.00"');
    expect(rows.at(-1)).toBe(
      '"Total","","37.50","0.00","1.50","0.00","0.00","30.00","","","","","0.00","0.00","0.00","USD"',
    );
  });
});
