import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceCheckout, type SalesTaxRule, type TipPercent } from '../../src/core/tips-and-tax';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { loadEventLedger } from '../../src/server/payouts/load-event-ledgers';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { confirmCard, eventRow, liveEvent } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * A promo code's money next to sales tax and a tip (docs/decisions/222-promo-codes.md), on PGlite by
 * default and PostgreSQL with TEST_DATABASE_URL: the discount comes out of the organizer's markup only,
 * the tax (on food and markup, before the code) and the tip stay whole, and the receipt, the orders
 * CSV, the ledger, both parties' payout statements and CSVs and the transfers show it to the cent.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function reconcile(times = 2) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await (app.ctx.payments as SimulatorGateway).flushEvents();
  }
}

async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  expect((await agent.post('/api/payouts/simulator/onboarding', link)).statusCode).toBe(200);
  return link.account;
}

/** A $10.00 taco at 10% markup ($11.50 to a diner), the truck taxing food and markup at 8.25%. */
async function taxedEvent() {
  const s = await liveEvent(database.db, clock.now(), { minimumSales: 2500, priceMarkupPercentage: 1000 });
  const truck = new Agent(app);
  await truck.login(s.truck.username);
  const tax = await truck.request({
    method: 'PUT',
    url: `/api/users/${s.truck.id}/sales-tax`,
    payload: { basisPoints: 825, onFood: true, onMarkup: true },
  });
  expect(tax.statusCode).toBe(200);
  const organizer = new Agent(app);
  await organizer.login(s.organizer.username);
  return { ...s, truckAgent: truck, organizer };
}

/** What the checkout does: price the cart as shown (before the code) and send the code with it. */
async function checkout(
  eventId: number,
  menuItemId: number,
  quantity: number,
  tip: { tipPercent?: TipPercent; tipCents?: number },
  promoCode: string,
  email: string,
) {
  const diner = new Agent(app);
  const detail = (await diner.get(`/api/events/${eventId}`)).json();
  const shown = priceCheckout(
    [{ menuItemId, quantity, baseCents: 1000 }],
    Math.round(Number(detail.priceMarkupPercentage) * 100),
    detail.salesTax as SalesTaxRule,
    tip.tipPercent ? { percent: tip.tipPercent } : { amountCents: tip.tipCents ?? 0 },
  );
  const res = await diner.post(`/api/events/${eventId}/create-payment-intent`, {
    items: [{ menuItemId, quantity }],
    customerName: 'Dana Diner',
    customerEmail: email,
    amount: shown.totalCents,
    promoCode,
    ...tip,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await confirmCard(diner, res.json().clientSecret)).statusCode).toBe(200);
  await diner.post(`/api/events/${eventId}/orders/${res.json().orderId}/sync`);
  return { diner, shown, orderId: res.json().orderId as number, amount: res.json().amount as number };
}

async function chargedAmount(orderId: number) {
  const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  const [intent] = await database.db
    .select()
    .from(simulatorIntents)
    .where(eq(simulatorIntents.id, order!.stripePaymentIntentId!));
  return { order: order!, intent: intent! };
}

describe("a promo code's money with tax and a tip", () => {
  it('takes off the markup only, keeps tax and tip whole, and every statement shows it to the cent', async () => {
    const s = await taxedEvent();
    await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, { code: 'PTA10', percentOff: 10 });
    await s.organizer.post(`/api/events/${s.event.id}/promo-codes`, { code: 'TAKE50', amountOffCents: 50 });

    // 2 tacos: lines 23.00 (food 20.00, markup 2.00, fee 1.00), tax 8.25% of 22.00 = 1.82, tip 15% = 3.00.
    // 10% of the lines is 2.30, capped at the markup: 2.00 off 27.82.
    const a = await checkout(s.event.id, s.taco.id, 2, { tipPercent: 15 }, 'pta10', 'ann@example.com');
    expect(a.shown).toMatchObject({ linesCents: 2300, taxCents: 182, tipCents: 300, totalCents: 2782 });
    expect(a.amount).toBe(2582);
    // 1 taco: lines 11.50, tax 0.91, tip 5.00: 17.41 less 0.50.
    const b = await checkout(s.event.id, s.taco.id, 1, { tipCents: 500 }, 'TAKE50', 'ben@example.com');
    expect(b.shown.totalCents).toBe(1741);
    expect(b.amount).toBe(1691);
    for (const [placed, discount, tax, tip] of [
      [a, 200, 182, 300],
      [b, 50, 91, 500],
    ] as const) {
      const { order } = await chargedAmount(placed.orderId);
      expect(order).toMatchObject({ discountAmount: discount, taxAmount: tax, tipAmount: tip });
    }
    // The goal counts the food: 30.00 past 25.00.
    expect((await eventRow(database.db, s.event.id)).currentSales).toBe(3000);
    await reconcile();
    for (const [placed, total] of [
      [a, 2582],
      [b, 1691],
    ] as const) {
      const { order, intent } = await chargedAmount(placed.orderId);
      expect(order.status).toBe('charged');
      expect(intent).toMatchObject({ status: 'succeeded', amount: total });
    }

    const receipt = (await a.diner.get(`/api/events/${s.event.id}/orders/${a.orderId}`)).json();
    expect(receipt.totals).toMatchObject({
      food: '20.00',
      markup: '2.00',
      fee: '1.00',
      salesTax: '1.82',
      tip: '3.00',
      discount: '2.00',
      charged: '25.82',
    });
    const orders = (await s.organizer.get(`/api/events/${s.event.id}/orders.csv`)).body as string;
    const header = orders.split('\r\n')[0]!;
    expect(header).toContain('"Food","Sales tax","Tip","Total"');
    expect(header).toContain('"Promo code discount","Gift","Gift fee"');
    expect(orders).toContain('"20.00","1.82","3.00","25.82"');
    expect(orders).toContain('"10.00","0.91","5.00","16.91"');
    expect(orders).toContain('"2.00","0.00","0.00"');
    expect(orders).toContain('"0.50","0.00","0.00"');

    // Charged 25.82 + 16.91 = 42.73: the truck food 30.00 + tax 2.73 + tips 8.00, the platform 1.50,
    // the organizer markup 3.00 less 2.50.
    const ledger = await loadEventLedger(database.db, s.event.id);
    expect(ledger.grossCents).toBe(4273);
    expect(ledger.discountsCents).toBe(250);
    expect(ledger.grossShares).toEqual({ truck: 4073, organizer: 50, platform: 150 });

    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizer);
    clock.set(new Date(s.event.endsAt.getTime() + HOUR));
    await reconcile();
    expect((await eventRow(database.db, s.event.id)).status).toBe('closed');
    const line = async (agent: Agent) =>
      (await agent.get('/api/payouts'))
        .json()
        .events.find((e: { eventId: number }) => e.eventId === s.event.id);
    expect(await line(s.truckAgent)).toMatchObject({
      gross: '42.73',
      platformFee: '1.50',
      salesTax: '2.73',
      tips: '8.00',
      discounts: '0.00',
      share: '40.73',
    });
    expect(await line(s.organizer)).toMatchObject({
      gross: '42.73',
      salesTax: '0.00',
      tips: '0.00',
      discounts: '2.50',
      share: '0.50',
    });
    const cells = (row: string) => row.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    for (const [agent, discounts, share] of [
      [s.truckAgent, '0.00', '40.73'],
      [s.organizer, '2.50', '0.50'],
    ] as const) {
      const csv = ((await agent.get('/api/payouts/export.csv')).body as string).split(/\r?\n/);
      const head = cells(csv[0]!);
      const row = cells(csv.find((r) => r.includes(s.event.title))!);
      expect(row[head.indexOf('Promo code discounts')]).toBe(discounts);
      expect(row[head.indexOf('Your share')]).toBe(share);
    }

    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await settleEventPayouts({ ...app.ctx, log: app.log });
    const payouts = app.ctx.payouts as SimulatorPayoutGateway;
    expect(await payouts.accountBalance(truckAccount)).toBe(4073);
    expect(await payouts.accountBalance(organizerAccount)).toBe(50);
    // Every cent is someone's: 40.73 + 0.50 + 1.50 = 42.73.
  });
});
