import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { pendingOrders, promoCodes } from '../../src/server/db/schema';
import { CLAIM_LEASE_MS } from '../../src/server/jobs/claim-lease';
import { loadEventLedger } from '../../src/server/payouts/load-event-ledgers';
import { FakeStripe } from '../support/fake-stripe';
import { eventRow, liveEvent } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Promo codes and gifts through faults, against the fake Stripe on two instances of one database
 * (docs/decisions/222-promo-codes.md, 223-gifts-and-sponsors.md): a checkout whose provider call fails
 * after its order was written is answered on retry with the same order and intent, holding one use of
 * its code; a checkout left unpaid gives its use back; a gift's capture under failing calls is made
 * exactly once, and the ledger splits it to the cent.
 */
let database: Database;
let fake: FakeStripe;
let a: FastifyInstance;
let b: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  database = await openTestDatabase();
  const overrides = {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  };
  a = await createTestApp(database, overrides);
  b = await createTestApp(database, overrides);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await fake?.close();
});

const reconcileBoth = () => Promise.all([a.ctx.reconciler.runOnce(), b.ctx.reconciler.runOnce()]);

async function usesOf(code: string) {
  const [row] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row!.uses;
}

/** One taco (11.50 at 10% markup) with code ONE ($1.00 off) and a $10.00 gift (+0.50): 21.00. */
const body = (email: string, code = 'ONE') => ({
  items: [] as Array<{ menuItemId: number; quantity: number }>,
  customerName: 'Dana Diner',
  customerEmail: email,
  amount: 1150 + 1000 + 50,
  promoCode: code,
  donationCents: 1000,
});

describe('codes and gifts through faults', () => {
  it('a checkout whose provider call fails is the same order on retry, one use held; the capture of its gift is made once', async () => {
    const { event, taco, organizer } = await liveEvent(database.db, clock.now(), {
      minimumSales: 1000,
      priceMarkupPercentage: 1000,
    });
    const host = new Agent(a);
    await host.login(organizer.username);
    expect(
      (
        await host.post(`/api/events/${event.id}/promo-codes`, {
          code: 'ONE',
          amountOffCents: 100,
          maxUses: 1,
        })
      ).statusCode,
    ).toBe(201);

    // The provider is down (a 500 on the call and its 5 retries) once the order is written: the diner
    // is told, nothing is charged, the order and its use stay.
    const diner = new Agent(a);
    const key = 'checkout-attempt-0001';
    const order = { ...body('dana@example.com'), items: [{ menuItemId: taco.id, quantity: 1 }] };
    fake.failNext(6, 'server_error');
    const failed = await diner.post(`/api/events/${event.id}/create-payment-intent`, order, {
      'idempotency-key': key,
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await usesOf('ONE')).toBe(1);

    // The same checkout again, on the other instance: the same order, its one intent, the same use.
    const retried = await diner.clone().request({
      method: 'POST',
      url: `/api/events/${event.id}/create-payment-intent`,
      payload: order,
      headers: { 'idempotency-key': key },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().amount).toBe(2100);
    const placed = await database.db.select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ discountAmount: 100, donationAmount: 1000, donationFeeAmount: 50 });
    const creates = fake
      .requestsTo('POST', /\/v1\/payment_intents$/)
      .filter((r) => r.idempotencyKey === `intent:${placed[0]!.id}` && !r.injected);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`intent:${placed[0]!.id}`]));
    expect(await usesOf('ONE')).toBe(1);
    const other = await new Agent(b).post(`/api/events/${event.id}/create-payment-intent`, {
      ...body('lee@example.com'),
      items: [{ menuItemId: taco.id, quantity: 1 }],
    });
    expect(other.json().code).toBe('promo_code_used_up');

    // Paid: the taco's food reaches the $10.00 goal; every other capture call fails, as a lost answer too.
    const intentId = placed[0]!.stripePaymentIntentId!;
    fake.confirmPaymentIntent(intentId, 'pm_card_visa');
    await fake.deliverEvents({ app: a });
    expect((await eventRow(database.db, event.id)).status).toBe('processing');
    fake.failEvery(2, ['server_error', 'lost_answer']);
    for (let pass = 0; pass < 12; pass++) {
      const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed[0]!.id));
      if (row!.status === 'charged') break;
      await reconcileBoth();
      clock.advance(CLAIM_LEASE_MS + 1000);
    }
    fake.failEvery(0);
    const [charged] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, placed[0]!.id));
    expect(charged!.status).toBe('charged');
    expect(fake.capturesOf(intentId)).toBe(1);
    // 21.00: the truck 10.00, the organizer 1.00 − 1.00 + 10.00, the platform 0.50 + 0.50.
    const ledger = await loadEventLedger(database.db, event.id);
    expect(ledger.grossShares).toEqual({ truck: 1000, organizer: 1000, platform: 100 });
    expect(ledger.grossCents).toBe(2100);
  }, 60_000);

  it('a gift checkout left unpaid gives its code use back when the sweep ends it', async () => {
    const { event, organizer } = await liveEvent(database.db, clock.now(), {
      minimumSales: 100_000,
      priceMarkupPercentage: 1000,
    });
    const host = new Agent(a);
    await host.login(organizer.username);
    await host.post(`/api/events/${event.id}/promo-codes`, { code: 'GIFTONCE', percentOff: 10, maxUses: 1 });
    // A gift alone: no markup to take a discount from, so the code takes nothing, and holds a use.
    const gift = { ...body('rosa@example.com', 'GIFTONCE'), amount: 1050 };
    const first = await new Agent(a).post(`/api/events/${event.id}/create-payment-intent`, gift);
    expect(first.statusCode).toBe(200);
    expect(first.json().amount).toBe(1050);
    expect(await usesOf('GIFTONCE')).toBe(1);
    const refused = await new Agent(b).post(`/api/events/${event.id}/create-payment-intent`, {
      ...gift,
      customerEmail: 'sam@example.com',
    });
    expect(refused.json().code).toBe('promo_code_used_up');

    // Never paid: after an hour the sweep ends the checkout and the use is free again.
    clock.advance(2 * HOUR);
    for (let pass = 0; pass < 4 && (await usesOf('GIFTONCE')) > 0; pass++) {
      await reconcileBoth();
      clock.advance(20 * 60 * 1000);
    }
    expect(await usesOf('GIFTONCE')).toBe(0);
    const [ended] = await database.db
      .select()
      .from(pendingOrders)
      .where(inArray(pendingOrders.id, [first.json().orderId]));
    expect(['cancelled', 'cancelling']).toContain(ended!.status);
    const again = await new Agent(b).post(`/api/events/${event.id}/create-payment-intent`, {
      ...gift,
      customerEmail: 'sam@example.com',
    });
    expect(again.statusCode).toBe(200);
  }, 60_000);
});
