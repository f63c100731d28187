import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../src/core/currency';
import { priceCheckout, type SalesTaxRule } from '../../src/core/tips-and-tax';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { eventGuarantees, outbox, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { chargeGuarantees } from '../../src/server/guarantees/charge-guarantees';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The app's fixed amounts per currency (src/core/currency-limits.ts, decision 230): a tip's most, a
 * gift's least alone, the least card charge and the guarantee's smallest charge are each currency's
 * own, enforced by the event's currency and named in it, in the caller's language.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const SPANISH = { 'accept-language': 'es' };
const NO_TAX: SalesTaxRule = { basisPoints: 0, onFood: false, onMarkup: false };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let seq = 0;

/** An approved event of a truck selling in `currency`, with one dish at `price` minor units. */
async function eventIn(
  currency: Currency,
  price: number,
  extra: { status?: 'pending_approval'; minimumSales?: number } = {},
) {
  clock.set('2026-11-21T12:00:00Z');
  const n = ++seq;
  const organizer = await createUser(database.db, { contactEmail: `limits-host-${n}@example.com` });
  const truck = await createTruck(database.db, { currency, contactEmail: `limits-truck-${n}@example.com` });
  const dish = await createMenuItem(database.db, { foodTruckId: truck.id, price });
  const event = await createEvent(database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 3,
    priceMarkupPercentage: 0,
    currency,
    ...extra,
  });
  return { organizer, truck, dish, event };
}

/** A checkout of `quantity` dishes at `price`, the total worked out as the page does. */
function checkout(
  diner: Agent,
  eventId: number,
  dish: { id: number; price: number },
  quantity: number,
  extra: { tipCents?: number; donationCents?: number } = {},
  headers: Record<string, string> = {},
) {
  const items = quantity > 0 ? [{ menuItemId: dish.id, quantity }] : [];
  const price = priceCheckout(
    items.map((i) => ({ ...i, baseCents: dish.price })),
    0,
    NO_TAX,
    extra.tipCents !== undefined ? { amountCents: extra.tipCents } : undefined,
  );
  const gift = extra.donationCents ?? 0;
  const giftFee = Math.floor((gift * 500 + 5000) / 10000);
  return diner.post(
    `/api/events/${eventId}/create-payment-intent`,
    {
      items,
      customerName: 'Dana Diner',
      customerEmail: `dana-${++seq}@example.com`,
      amount: price.totalCents + gift + giftFee,
      ...extra,
    },
    headers,
  );
}

describe('a tip in yen', () => {
  it('takes ¥20,000, more than the old $500-shaped cap of 50,000 minor units, and refuses past ¥75,000 in yen', async () => {
    const { event, dish } = await eventIn('JPY', 850);
    const diner = new Agent(app);

    const twenty = await checkout(diner, event.id, { id: dish.id, price: 850 }, 1, { tipCents: 20_000 });
    expect(twenty.statusCode, twenty.body).toBe(200);
    const [order] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, twenty.json().orderId));
    expect(order).toMatchObject({ currency: 'JPY', tipAmount: 20_000, totalAmount: 850 + 43 + 20_000 });
    // Past the old cap of 50,000 minor units, within the yen's own.
    const sixty = await checkout(diner, event.id, { id: dish.id, price: 850 }, 1, { tipCents: 60_000 });
    expect(sixty.statusCode, sixty.body).toBe(200);

    const tooMuch = await checkout(diner, event.id, { id: dish.id, price: 850 }, 1, { tipCents: 75_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'tip_invalid',
      message: 'A tip can be at most ¥75,000',
      errors: { tipCents: 'A tip can be at most ¥75,000' },
    });
    const enEspanol = await checkout(
      new Agent(app),
      event.id,
      { id: dish.id, price: 850 },
      1,
      { tipCents: 75_001 },
      SPANISH,
    );
    expect(enEspanol.json()).toMatchObject({
      code: 'tip_invalid',
      message: 'La propina puede ser como máximo de ¥75,000',
      errors: { tipCents: 'La propina puede ser como máximo de ¥75,000' },
    });
  });

  it('keeps US dollars at $500.00, worded as ever', async () => {
    const { event, dish } = await eventIn('USD', 1000);
    const res = await checkout(new Agent(app), event.id, { id: dish.id, price: 1000 }, 1, {
      tipCents: 50_001,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A tip can be at most $500.00');
  });
});

describe('a gift on its own', () => {
  it('is at least the currency’s own least, named in it and in the reader’s language', async () => {
    const yen = await eventIn('JPY', 850);
    const small = await checkout(new Agent(app), yen.event.id, { id: yen.dish.id, price: 850 }, 0, {
      donationCents: 99,
    });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      code: 'amount_out_of_range',
      message: 'A gift on its own is at least ¥100',
      errors: { donationCents: 'A gift on its own is at least ¥100' },
    });
    const enough = await checkout(new Agent(app), yen.event.id, { id: yen.dish.id, price: 850 }, 0, {
      donationCents: 100,
    });
    expect(enough.statusCode, enough.body).toBe(200);

    const euros = await eventIn('EUR', 850);
    const spanish = await checkout(
      new Agent(app),
      euros.event.id,
      { id: euros.dish.id, price: 850 },
      0,
      { donationCents: 99 },
      SPANISH,
    );
    expect(spanish.json().message.replace(/\s/g, ' ')).toBe('Un donativo por sí solo es de al menos 1,00 €');

    const dollars = await eventIn('USD', 850);
    const english = await checkout(new Agent(app), dollars.event.id, { id: dollars.dish.id, price: 850 }, 0, {
      donationCents: 99,
    });
    expect(english.json().message).toBe('A gift on its own is at least $1.00');
  });
});

describe('the least charge in pounds', () => {
  it('takes an order of £0.35 (under the dollar’s 50 cents) and refuses one under £0.30, in pounds', async () => {
    const { event, dish } = await eventIn('GBP', 33);
    const small = await createMenuItem(database.db, { foodTruckId: event.foodTruckId!, price: 25 });
    // 33p and a 5% fee of 1.65p → 2p: 35p, which Stripe takes in gbp.
    const taken = await checkout(new Agent(app), event.id, { id: dish.id, price: 33 }, 1);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().amount).toBe(35);
    // 25p and a fee of 1p: 26p.
    const refused = await checkout(new Agent(app), event.id, { id: small.id, price: 25 }, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'order_below_minimum',
      message: 'The minimum order is £0.30',
    });
    const spanish = await checkout(new Agent(app), event.id, { id: small.id, price: 25 }, 1, {}, SPANISH);
    expect(spanish.json().message.replace(/\s/g, ' ')).toBe('El pedido mínimo es de 0,30 GBP');
  });

  it('is what the simulator refuses, in Stripe’s words for the currency', async () => {
    const gateway = app.ctx.payments as SimulatorGateway;
    const attempt = (amount: number, currency: string) =>
      gateway.createPaymentIntent({
        amount,
        currency,
        captureMethod: 'manual',
        idempotencyKey: `limits-${++seq}`,
      });
    await expect(attempt(29, 'gbp')).rejects.toThrow(
      'Amount must be at least £0.30 gbp and at most £999,999.99',
    );
    await expect(attempt(49, 'jpy')).rejects.toThrow(
      'Amount must be at least ¥50 jpy and at most ¥99,999,999',
    );
    await expect(attempt(49, 'usd')).rejects.toThrow(
      'Amount must be at least $0.50 usd and at most $999,999.99',
    );
    await expect(attempt(999, 'mxn')).rejects.toThrow('Amount must be at least MX$10.00 mxn');
    expect((await attempt(30, 'gbp')).amount).toBe(30);
  });
});

describe("the host's guarantee in pounds", () => {
  it('charges a 10p shortfall as Stripe’s least in gbp, 30p (not 50), and tells the organizer in pounds', async () => {
    const { organizer, truck, dish, event } = await eventIn('GBP', 990, {
      status: 'pending_approval',
      minimumSales: 1_000,
    });
    const host = new Agent(app);
    await host.login(organizer.username);
    const offered = await host.post(`/api/events/${event.id}/guarantee`);
    expect(offered.statusCode, offered.body).toBe(200);
    const card = await host.post('/api/payments/simulator/confirm', {
      clientSecret: offered.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(card.statusCode, card.body).toBe(200);
    expect((await host.post(`/api/events/${event.id}/guarantee/sync`)).json()).toMatchObject({
      status: 'saved',
    });
    const truckAgent = new Agent(app);
    await truckAgent.login(truck.username);
    const accepted = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: '10.00',
      response: null,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // One diner's £9.90 of food: 10p short of the £10.00 goal.
    const diner = new Agent(app);
    const order = await checkout(diner, event.id, { id: dish.id, price: 990 }, 1);
    expect(order.statusCode, order.body).toBe(200);
    const paid = await diner.post('/api/payments/simulator/confirm', {
      clientSecret: order.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(200);
    await diner.post(`/api/events/${event.id}/orders/${order.json().orderId}/sync`);

    clock.set(event.startsAt);
    await chargeGuarantees(app.ctx);
    const [guarantee] = await database.db
      .select()
      .from(eventGuarantees)
      .where(eq(eventGuarantees.eventId, event.id));
    expect(guarantee).toMatchObject({ status: 'charged', amountCents: 30 });
    const [intent] = await database.db
      .select()
      .from(simulatorIntents)
      .where(eq(simulatorIntents.id, guarantee!.stripePaymentIntentId!));
    expect(intent).toMatchObject({ amount: 30, currency: 'gbp', status: 'succeeded' });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'guarantee-charged'), eq(outbox.recipient, organizer.contactEmail!)));
    expect(`${mail!.subject} ${mail!.textBody}`).toContain('£0.30');
    expect(`${mail!.subject} ${mail!.textBody}`).not.toContain('$');
  });
});

describe("an organizer's amounts in the event's currency", () => {
  it('holds a sponsor minimum and an amount off to the yen’s own limits', async () => {
    const { organizer, event } = await eventIn('JPY', 850);
    const host = new Agent(app);
    await host.login(organizer.username);
    const minimum = (sponsorMinCents: number) =>
      host.request({
        method: 'PUT',
        url: `/api/events/${event.id}/sponsor-minimum`,
        payload: { sponsorMinCents },
      });
    const low = await minimum(50);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'amount_out_of_range', message: 'At least ¥100' });
    expect((await minimum(5_000)).json()).toMatchObject({ sponsorMinCents: 5_000 });

    const code = (amountOffCents: number) =>
      host.post(`/api/events/${event.id}/promo-codes`, { code: `YEN${++seq}`, amountOffCents });
    const tooMuch = await code(1_500_001);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'amount_out_of_range',
      message: 'An amount off is at most ¥1,500,000',
      errors: { amountOffCents: 'An amount off is at most ¥1,500,000' },
    });
    expect((await code(0)).json().message).toBe('An amount off is at least ¥1');
    expect((await code(20_000)).statusCode).toBe(201);
  });
});
