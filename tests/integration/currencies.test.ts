import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minorToDecimal, providerCurrency, type Currency } from '../../src/core/currency';
import { priceCheckout, type SalesTaxRule, type TipPercent } from '../../src/core/tips-and-tax';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { pendingOrders, simulatorIntents, simulatorTransfers } from '../../src/server/db/schema';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { eventRow } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * An order in each currency a truck may sell in (decision 230), through the HTTP API and the payment
 * simulator, with a tip and sales tax: the split, the hold and the currency the provider is sent, the
 * receipt, the payout statement and the transfers, all in the event's currency and to its minor unit
 * (cents; yen for JPY, which has none smaller).
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

const simulator = () => app.ctx.payments as SimulatorGateway;
const payouts = () => app.ctx.payouts as SimulatorPayoutGateway;

async function reconcile(times = 2) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await simulator().flushEvents();
  }
}

async function intentOf(orderId: number) {
  const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  const [intent] = await database.db
    .select()
    .from(simulatorIntents)
    .where(eq(simulatorIntents.id, order!.stripePaymentIntentId!));
  return { order: order!, intent: intent! };
}

async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  expect((await agent.post('/api/payouts/simulator/onboarding', link)).statusCode).toBe(200);
  return link.account;
}

/**
 * Per currency: the dish's price in its minor units (prices with odd splits, so rounding shows), the
 * second diner's tip, and the first diner's order worked out by hand: 3 dishes, markup 10% and fee 5%
 * a dish (each rounded half up, the fee taking the rounding), tax 8.25% of food and markup, tip 15% of
 * the food.
 */
const CASES: Array<{
  currency: Currency;
  price: number;
  tipCents: number;
  first: { menu: number; markup: number; fee: number; tax: number; tip: number; total: number };
}> = [
  // €8.45: markup 0.845 → 0.85, fee 0.4225 → 0.42 a dish; tax 8.25% of 27.90 = 2.30175; tip 3.8025.
  {
    currency: 'EUR',
    price: 845,
    tipCents: 250,
    first: { menu: 2535, markup: 255, fee: 126, tax: 230, tip: 380, total: 3526 },
  },
  // MX$85.50: markup 8.55, fee 4.275 → 4.28 a dish; tax 8.25% of 282.15 = 23.277…; tip 38.475 → 38.48.
  {
    currency: 'MXN',
    price: 8550,
    tipCents: 2000,
    first: { menu: 25650, markup: 2565, fee: 1284, tax: 2328, tip: 3848, total: 35675 },
  },
  // ¥850, no smaller unit: markup 85, fee 42.5 → ¥43 a dish; tax 8.25% of ¥2805 = 231.4; tip 382.5 → ¥383.
  {
    currency: 'JPY',
    price: 850,
    tipCents: 300,
    first: { menu: 2550, markup: 255, fee: 129, tax: 231, tip: 383, total: 3548 },
  },
  // CA$9.99: markup 0.999 → 1.00, fee 0.4995 → 0.50 a dish; tax 8.25% of 32.97 = 2.72; tip 4.4955 → 4.50.
  {
    currency: 'CAD',
    price: 999,
    tipCents: 100,
    first: { menu: 2997, markup: 300, fee: 150, tax: 272, tip: 450, total: 4169 },
  },
  // £12.50: markup 1.25, fee 0.625 → 0.63 a dish; tax 8.25% of 41.25 = 3.403; tip 5.625 → 5.63.
  {
    currency: 'GBP',
    price: 1250,
    tipCents: 1,
    first: { menu: 3750, markup: 375, fee: 189, tax: 340, tip: 563, total: 5217 },
  },
];

describe.each(CASES)('an event in $currency', ({ currency, price, tipCents, first: hand }) => {
  it('holds, charges, shows and pays out every part in its currency, to the minor unit', async () => {
    const organizer = await createUser(database.db, { contactEmail: `host-${currency}@example.com` });
    const truck = await createTruck(database.db, { currency, minimumSales: price * 4 });
    const dish = await createMenuItem(database.db, { foodTruckId: truck.id, price });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 3,
      minimumSales: price * 4,
      priceMarkupPercentage: 1000,
      currency,
    });
    const truckAgent = new Agent(app);
    await truckAgent.login(truck.username);
    const organizerAgent = new Agent(app);
    await organizerAgent.login(organizer.username);
    const taxSet = await truckAgent.request({
      method: 'PUT',
      url: `/api/users/${truck.id}/sales-tax`,
      payload: { basisPoints: 825, onFood: true, onMarkup: true },
    });
    expect(taxSet.statusCode).toBe(200);

    const detail = (await new Agent(app).get(`/api/events/${event.id}`)).json();
    expect(detail.currency).toBe(currency);
    expect(detail.minimumSales).toBe(minorToDecimal(price * 4, currency));

    const checkout = async (quantity: number, tip: { tipPercent?: TipPercent; tipCents?: number }) => {
      const diner = new Agent(app);
      const shown = priceCheckout(
        [{ menuItemId: dish.id, quantity, baseCents: price }],
        1000,
        detail.salesTax as SalesTaxRule,
        tip.tipPercent ? { percent: tip.tipPercent } : { amountCents: tip.tipCents ?? 0 },
      );
      const res = await diner.post(`/api/events/${event.id}/create-payment-intent`, {
        items: [{ menuItemId: dish.id, quantity }],
        customerName: 'Dana Diner',
        customerEmail: `dana-${currency}@example.com`,
        amount: shown.totalCents,
        ...tip,
      });
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json() as { orderId: number; clientSecret: string; amount: number };
      expect(created.amount).toBe(shown.totalCents);
      const confirm = await diner.post('/api/payments/simulator/confirm', {
        clientSecret: created.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      });
      expect(confirm.statusCode).toBe(200);
      await diner.post(`/api/events/${event.id}/orders/${created.orderId}/sync`);
      return { diner, shown, orderId: created.orderId };
    };

    // The first diner: 3 dishes with a 15% tip, held (the goal is 4 dishes of food).
    const a = await checkout(3, { tipPercent: 15 });
    expect(a.shown).toMatchObject({
      menuCents: hand.menu,
      markupCents: hand.markup,
      feeCents: hand.fee,
      taxCents: hand.tax,
      tipCents: hand.tip,
      totalCents: hand.total,
    });
    const held = await intentOf(a.orderId);
    expect(held.order.currency).toBe(currency);
    expect(held.intent.currency).toBe(providerCurrency(currency));
    expect(held.intent.amount).toBe(a.shown.totalCents);
    expect(held.intent.status).toBe('requires_capture');
    expect((await eventRow(database.db, event.id)).currentSales).toBe(3 * price);

    // The second: 1 dish with a tip of an amount; the food reaches the goal, both are charged.
    const b = await checkout(1, { tipCents });
    expect(b.shown.tipCents).toBe(tipCents);
    await reconcile();
    for (const order of [a, b]) {
      const { order: row, intent } = await intentOf(order.orderId);
      expect(row.status).toBe('charged');
      expect(intent.status).toBe('succeeded');
      expect(intent.currency).toBe(providerCurrency(currency));
      expect(intent.amount).toBe(order.shown.totalCents);
    }

    // The receipt: every amount in the currency's digits, the currency named.
    const receipt = (await a.diner.get(`/api/events/${event.id}/orders/${a.orderId}`)).json();
    expect(receipt.order).toMatchObject({
      currency,
      totalAmount: minorToDecimal(a.shown.totalCents, currency),
      taxAmount: minorToDecimal(a.shown.taxCents, currency),
      tipAmount: minorToDecimal(a.shown.tipCents, currency),
    });
    if (currency === 'JPY') expect(receipt.order.totalAmount).not.toContain('.');

    // The statement after the event: the split of both orders, in the currency, nothing across.
    const truckAccount = await onboard(truckAgent);
    const organizerAccount = await onboard(organizerAgent);
    clock.set(new Date(event.endsAt.getTime() + HOUR));
    await reconcile();
    expect((await eventRow(database.db, event.id)).status).toBe('closed');
    const sum = (pick: (p: typeof a.shown) => number) => pick(a.shown) + pick(b.shown);
    const gross = sum((p) => p.totalCents);
    const truckShare = sum((p) => p.menuCents + p.taxCents + p.tipCents);
    const organizerShare = sum((p) => p.markupCents);
    const fee = sum((p) => p.feeCents);
    expect(truckShare + organizerShare + fee).toBe(gross);
    const statement = (await truckAgent.get('/api/payouts')).json();
    const line = statement.events.find((e: { eventId: number }) => e.eventId === event.id);
    expect(line).toMatchObject({
      currency,
      gross: minorToDecimal(gross, currency),
      refunds: minorToDecimal(0, currency),
      platformFee: minorToDecimal(fee, currency),
      salesTax: minorToDecimal(
        sum((p) => p.taxCents),
        currency,
      ),
      tips: minorToDecimal(
        sum((p) => p.tipCents),
        currency,
      ),
      share: minorToDecimal(truckShare, currency),
    });
    const organizerLine = (await organizerAgent.get('/api/payouts'))
      .json()
      .events.find((e: { eventId: number }) => e.eventId === event.id);
    expect(organizerLine).toMatchObject({ currency, share: minorToDecimal(organizerShare, currency) });
    const csv = (await truckAgent.get('/api/payouts/export.csv')).body as string;
    expect(csv).toContain(`"${minorToDecimal(truckShare, currency)}"`);
    expect(csv.split('\r\n').find((row) => row.startsWith(`"${event.title}"`))).toMatch(
      new RegExp(`"${currency}"$`),
    );

    // The transfers: each share once, in the event's currency.
    clock.set(new Date(event.endsAt.getTime() + 73 * HOUR));
    await settleEventPayouts({ ...app.ctx, log: app.log });
    for (const [account, share] of [
      [truckAccount, truckShare],
      [organizerAccount, organizerShare],
    ] as const) {
      expect(await payouts().accountBalance(account)).toBe(share);
      const sent = await database.db
        .select({ currency: simulatorTransfers.currency, amount: simulatorTransfers.amount })
        .from(simulatorTransfers)
        .where(eq(simulatorTransfers.destination, account));
      expect(sent).toEqual([{ currency: providerCurrency(currency), amount: share }]);
    }
  });
});
