import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { priceCheckout, type SalesTaxRule, type TipPercent } from '../../src/core/tips-and-tax';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { refundCorrections } from '../../src/server/orders/refund-corrections';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { FakeStripe } from '../support/fake-stripe';
import { eventRow, liveEvent } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Tips and sales tax through the HTTP API (docs/decisions/188-tips.md, 189-sales-tax.md), on PGlite by
 * default and PostgreSQL with TEST_DATABASE_URL: charged with the order, held and captured with it,
 * outside the goal, refunded on a call-off and in proportion on a correction, and paid to the truck to
 * the cent; against the payment simulator and against a fake Stripe.
 */
let database: Database;
let app: FastifyInstance;
let stripeApp: FastifyInstance;
let fake: FakeStripe;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  stripeApp = await createTestApp(database, {
    now: clock.now,
    stripe: {
      secretKey: fake.secretKey,
      publishableKey: fake.publishableKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.url,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
  await database?.close();
  await fake?.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const simulator = () => app.ctx.payments as SimulatorGateway;
const payoutSimulator = () => app.ctx.payouts as SimulatorPayoutGateway;

async function reconcile(on = app, times = 2) {
  for (let i = 0; i < times; i++) {
    await on.ctx.reconciler.runOnce();
    if (on === app) await simulator().flushEvents();
  }
}

async function orderRow(id: number) {
  const [row] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row!;
}
async function intentOf(orderId: number) {
  const order = await orderRow(orderId);
  const [intent] = await database.db
    .select()
    .from(simulatorIntents)
    .where(eq(simulatorIntents.id, order.stripePaymentIntentId!));
  return intent!;
}

/**
 * An approved event 3 days out with 10% markup and a $10.00 taco ($11.50 to a diner), its truck charging
 * 8.25% on the food and the markup.
 */
async function taxedEvent(
  options: { minimumSales?: number; status?: 'approved' | 'confirmed'; on?: FastifyInstance } = {},
) {
  const s = await liveEvent(database.db, clock.now(), {
    minimumSales: options.minimumSales ?? 2500,
    priceMarkupPercentage: 1000,
    status: options.status ?? 'approved',
  });
  const on = options.on ?? app;
  const truckAgent = new Agent(on);
  await truckAgent.login(s.truck.username);
  const set = await truckAgent.request({
    method: 'PUT',
    url: `/api/users/${s.truck.id}/sales-tax`,
    payload: { basisPoints: 825, onFood: true, onMarkup: true },
  });
  expect(set.statusCode).toBe(200);
  expect(set.json().salesTax).toEqual({ basisPoints: 825, onFood: true, onMarkup: true });
  const organizerAgent = new Agent(on);
  await organizerAgent.login(s.organizer.username);
  return { ...s, truckAgent, organizerAgent };
}

type Tip = { tipPercent?: number; tipCents?: number };

/**
 * What the event page does: read the event's tax, price the cart as the diner is shown it (the one
 * function the client uses too), and ask for an intent of that amount.
 */
async function checkout(
  diner: Agent,
  eventId: number,
  menuItemId: number,
  quantity: number,
  tip: Tip,
  amountOverride?: number,
) {
  const detail = (await diner.get(`/api/events/${eventId}`)).json();
  const shown = priceCheckout(
    [{ menuItemId, quantity, baseCents: 1000 }],
    Math.round(Number(detail.priceMarkupPercentage) * 100),
    detail.salesTax as SalesTaxRule,
    tip.tipPercent
      ? { percent: tip.tipPercent as TipPercent }
      : tip.tipCents !== undefined
        ? { amountCents: tip.tipCents }
        : undefined,
  );
  const res = await diner.post(`/api/events/${eventId}/create-payment-intent`, {
    items: [{ menuItemId, quantity }],
    customerName: 'Dana Diner',
    customerEmail: 'dana@example.com',
    amount: amountOverride ?? shown.totalCents,
    ...tip,
  });
  return { res, shown };
}

async function payWithSimulator(
  diner: Agent,
  eventId: number,
  created: { orderId: number; clientSecret: string },
) {
  const confirm = await diner.post('/api/payments/simulator/confirm', {
    clientSecret: created.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  expect(confirm.statusCode).toBe(200);
  await diner.post(`/api/events/${eventId}/orders/${created.orderId}/sync`);
}

async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  expect((await agent.post('/api/payouts/simulator/onboarding', link)).statusCode).toBe(200);
  return link.account;
}

describe('checkout with a tip and sales tax', () => {
  it('refuses negative, absurd and malformed tips and a total without the tax, with a sentence', async () => {
    const s = await taxedEvent();
    const diner = new Agent(app);
    for (const [tip, message] of [
      [{ tipCents: -1 }, 'A tip cannot be negative'],
      [{ tipCents: 50_001 }, 'A tip can be at most $500.00'],
      [{ tipCents: 2.5 }, 'A tip must be whole cents'],
      [{ tipCents: '5' }, 'A tip must be an amount in cents'],
      [{ tipPercent: 12 }, 'A tip percentage is 10, 15 or 20'],
      [{ tipPercent: 15, tipCents: 100 }, 'Choose a tip percentage or a tip amount, not both'],
    ] as const) {
      const { res } = await checkout(diner, s.event.id, s.taco.id, 1, tip as Tip, 1241);
      expect(res.statusCode, JSON.stringify(tip)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // The old total, without the tax: the diner is told the price that will be charged.
    const stale = await checkout(diner, s.event.id, s.taco.id, 2, { tipPercent: 15 }, 2300 + 300);
    expect(stale.res.statusCode).toBe(409);
    expect(stale.res.json().message).toBe(
      'Prices have changed: your order now comes to $27.82. Please review your cart.',
    );
  });

  it('lets only the truck set its rates, and only within 0–25%', async () => {
    const s = await taxedEvent();
    const tooHigh = await s.truckAgent.request({
      method: 'PUT',
      url: `/api/users/${s.truck.id}/sales-tax`,
      payload: { basisPoints: 2501, onFood: true, onMarkup: false },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toContain('8.25% is 825');
    const organizerSets = await s.organizerAgent.request({
      method: 'PUT',
      url: `/api/events/${s.event.id}/sales-tax`,
      payload: { basisPoints: 0 },
    });
    expect(organizerSets.statusCode).toBe(403);
    const override = await s.truckAgent.request({
      method: 'PUT',
      url: `/api/events/${s.event.id}/sales-tax`,
      payload: { basisPoints: 600 },
    });
    expect(override.statusCode).toBe(200);
    expect(override.json().salesTaxBasisPoints).toBe(600);
    const detail = (await new Agent(app).get(`/api/events/${s.event.id}`)).json();
    expect(detail.salesTax).toEqual({ basisPoints: 600, onFood: true, onMarkup: true });
    // 2 tacos: 6% of $22.00 = $1.32.
    const { res, shown } = await checkout(new Agent(app), s.event.id, s.taco.id, 2, {});
    expect(res.statusCode).toBe(200);
    expect(shown.taxCents).toBe(132);
    expect((await orderRow(res.json().orderId)).taxAmount).toBe(132);
    const back = await s.truckAgent.request({
      method: 'PUT',
      url: `/api/events/${s.event.id}/sales-tax`,
      payload: { basisPoints: null },
    });
    expect(back.json().salesTaxBasisPoints).toBeNull();
    expect((await new Agent(app).get(`/api/events/${s.event.id}`)).json().salesTax.basisPoints).toBe(825);
  });
});

describe('the money of a tip and its tax, end to end (simulator)', () => {
  it('holds, captures, corrects in proportion and pays the truck every cent of tax and tip; the goal counts food only', async () => {
    const s = await taxedEvent({ minimumSales: 2500 });
    const first = new Agent(app);
    const second = new Agent(app);

    // 2 tacos: food $20.00, markup $2.00, fee $1.00, tax 8.25% of $22.00 = $1.815 → $1.82, tip 15% of $20.00.
    const a = await checkout(first, s.event.id, s.taco.id, 2, { tipPercent: 15 });
    expect(a.res.statusCode).toBe(200);
    expect(a.shown).toMatchObject({ linesCents: 2300, taxCents: 182, tipCents: 300, totalCents: 2782 });
    expect(a.res.json().amount).toBe(2782);
    await payWithSimulator(first, s.event.id, a.res.json());
    expect((await intentOf(a.res.json().orderId)).amount).toBe(2782);
    // $27.82 held, but the goal counts $20.00 of food: $25.00 is not reached.
    const afterFirst = await eventRow(database.db, s.event.id);
    expect(afterFirst.currentSales).toBe(2000);
    expect(afterFirst.status).toBe('approved');

    // 1 taco with a $5.00 tip: tax 8.25% of $11.00 = $0.9075 → $0.91.
    const b = await checkout(second, s.event.id, s.taco.id, 1, { tipCents: 500 });
    expect(b.shown).toMatchObject({ taxCents: 91, tipCents: 500, totalCents: 1741 });
    await payWithSimulator(second, s.event.id, b.res.json());
    const funded = await eventRow(database.db, s.event.id);
    expect(funded.currentSales).toBe(3000);
    expect(funded.status).toBe('processing');

    await reconcile();
    for (const [order, total] of [
      [a.res.json().orderId, 2782],
      [b.res.json().orderId, 1741],
    ] as const) {
      expect((await orderRow(order)).status).toBe('charged');
      const intent = await intentOf(order);
      expect(intent.status).toBe('succeeded');
      expect(intent.amount).toBe(total);
    }

    // The diner's order and the truck's list show both lines.
    const mine = (await first.get(`/api/events/${s.event.id}/orders/${a.res.json().orderId}`)).json();
    expect(mine.order).toMatchObject({ totalAmount: '27.82', taxAmount: '1.82', tipAmount: '3.00' });

    // Half of the first order back: every part of it in proportion, tax and tip included.
    const refund = await s.truckAgent.post(`/api/orders/${a.res.json().orderId}/refunds`, {
      amountCents: 1391,
      reason: 'One taco was missing',
    });
    expect(refund.statusCode).toBe(200);
    await refundCorrections({ ...app.ctx, log: app.log });
    expect((await intentOf(a.res.json().orderId)).amountRefunded).toBe(1391);

    const truckAccount = await onboard(s.truckAgent);
    const organizerAccount = await onboard(s.organizerAgent);
    clock.set(new Date(s.event.endsAt.getTime() + HOUR));
    await reconcile();
    expect((await eventRow(database.db, s.event.id)).status).toBe('closed');

    // Charged 27.82 + 17.41 = 45.23, refunded 13.91. The first order keeps half of everything: food
    // 10.00, tax 0.91, tip 1.50, markup 1.00, fee 0.50; the second all of its own.
    const statement = (await s.truckAgent.get('/api/payouts')).json();
    const line = statement.events.find((e: { eventId: number }) => e.eventId === s.event.id);
    expect(line).toMatchObject({
      gross: '45.23',
      refunds: '13.91',
      platformFee: '1.00',
      salesTax: '1.82', // 0.91 + 0.91
      tips: '6.50', // 1.50 + 5.00
      share: '28.32', // food 10.00 + 10.00, tax 1.82, tips 6.50
    });
    const organizerLine = (await s.organizerAgent.get('/api/payouts'))
      .json()
      .events.find((e: { eventId: number }) => e.eventId === s.event.id);
    expect(organizerLine).toMatchObject({ share: '2.00', salesTax: '0.00', tips: '0.00' });
    const csv = (await s.truckAgent.get('/api/payouts/export.csv')).body as string;
    expect(csv).toContain(
      `"${s.event.title}","${s.event.date}","45.23","13.91","1.00","1.82","6.50","28.32"`,
    );
    const orders = (await s.organizerAgent.get(`/api/events/${s.event.id}/orders.csv`)).body as string;
    expect(orders.split('\r\n')[0]).toContain('"Food","Sales tax","Tip","Total"');
    expect(orders).toContain('"20.00","1.82","3.00","27.82","13.91"');
    expect(orders).toContain('"10.00","0.91","5.00","17.41","0.00"');

    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await settleEventPayouts({ ...app.ctx, log: app.log });
    expect(await payoutSimulator().accountBalance(truckAccount)).toBe(2832);
    expect(await payoutSimulator().accountBalance(organizerAccount)).toBe(200);
    // Every cent is someone's: 28.32 + 2.00 + 1.00 = 45.23 − 13.91.
  });

  it('itemises the order mails as the receipt page, and shows tax and tip on the event-day screen and its totals', async () => {
    const s = await taxedEvent({ minimumSales: 2500 });
    const mailOf = async (orderId: number, kind: string) => {
      const rows = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.thread, `order:${orderId}`));
      return rows.find((row) => row.kind === kind);
    };
    /** The receipt page's summary, as the mail must say it. */
    const receiptLines = async (diner: Agent, orderId: number) => {
      const receipt = (await diner.get(`/api/events/${s.event.id}/orders/${orderId}`)).json();
      const t = receipt.totals;
      return [
        'Your order',
        ...receipt.lines.map(
          (l: { quantity: number; name: string; total: string }) => `${l.quantity} × ${l.name}: $${l.total}`,
        ),
        ...[
          ['Food', t.food],
          ['Markup', t.markup],
          ['Fee', t.fee],
          ['Sales tax', t.salesTax],
          ['Tip for the crew', t.tip],
        ]
          .filter(([, amount]) => amount !== '0.00')
          .map(([label, amount]) => `${label}: $${amount}`),
        `Total: $${t.charged}`,
      ].join('\n');
    };

    const first = new Agent(app);
    const a = await checkout(first, s.event.id, s.taco.id, 2, { tipPercent: 15 });
    await payWithSimulator(first, s.event.id, a.res.json());
    const aId = a.res.json().orderId as number;
    const received = await mailOf(aId, 'order-received');
    const expected = await receiptLines(first, aId);
    expect(expected).toBe(
      [
        'Your order',
        `2 × ${s.taco.name}: $23.00`,
        'Food: $20.00',
        'Markup: $2.00',
        'Fee: $1.00',
        'Sales tax: $1.82',
        'Tip for the crew: $3.00',
        'Total: $27.82',
      ].join('\n'),
    );
    expect(received?.textBody).toContain(expected);
    expect(received?.htmlBody).toContain(
      '<th scope="row" style="text-align: left; font-weight: inherit; padding: 2px 16px 2px 0;">Tip for the crew</th><td style="text-align: right; padding: 2px 0;">$3.00</td>',
    );

    // No tip: no tip line; the order that reaches the goal is charged at once, and its mail says the same.
    const second = new Agent(app);
    const b = await checkout(second, s.event.id, s.taco.id, 1, {});
    await payWithSimulator(second, s.event.id, b.res.json());
    await reconcile();
    const bId = b.res.json().orderId as number;
    const bLines = await receiptLines(second, bId);
    expect(bLines).not.toContain('Tip for the crew');
    expect(bLines).toContain('Sales tax: $0.91');
    const bMail = (await mailOf(bId, 'order-charged')) ?? (await mailOf(bId, 'order-received'));
    expect(bMail?.textBody).toContain(bLines);
    // The first diner's charge mail repeats the receipt.
    expect((await mailOf(aId, 'order-charged'))?.textBody).toContain(expected);

    // The truck's event-day screen: each order's tax and tip, and the day's totals.
    const day = await s.truckAgent.get(`/api/bookings/${s.event.id}/orders`);
    expect(day.statusCode).toBe(200);
    const byId = new Map(day.json().orders.map((o: { id: number }) => [o.id, o]));
    expect(byId.get(aId)).toMatchObject({
      subtotalAmount: '20.00',
      taxAmount: '1.82',
      tipAmount: '3.00',
      totalAmount: '27.82',
    });
    expect(byId.get(bId)).toMatchObject({
      subtotalAmount: '10.00',
      taxAmount: '0.91',
      tipAmount: '0.00',
      totalAmount: '12.41',
    });
    expect(day.json().totals).toEqual({
      food: '30.00',
      salesTax: '2.73',
      tip: '3.00',
      total: '40.23',
      refunded: '0.00',
    });
  });

  it('gives back the whole charge, tax and tip included, when the event is called off', async () => {
    const s = await taxedEvent({ status: 'confirmed', minimumSales: 1000 });
    const diner = new Agent(app);
    const placed = await checkout(diner, s.event.id, s.taco.id, 1, { tipPercent: 20 });
    // 11.50 + 0.91 tax + 2.00 tip, charged at once past the goal.
    expect(placed.shown.totalCents).toBe(1441);
    await payWithSimulator(diner, s.event.id, placed.res.json());
    await reconcile();
    expect((await orderRow(placed.res.json().orderId)).status).toBe('charged');

    const held = await taxedEvent({ minimumSales: 50_000 });
    const holder = new Agent(app);
    const hold = await checkout(holder, held.event.id, held.taco.id, 1, { tipCents: 1234 });
    await payWithSimulator(holder, held.event.id, hold.res.json());
    expect((await intentOf(hold.res.json().orderId)).status).toBe('requires_capture');

    for (const event of [s, held]) {
      const res = await event.organizerAgent.post(`/api/events/${event.event.id}/cancel`, { reason: 'Rain' });
      expect(res.statusCode).toBe(200);
    }
    await reconcile();
    const refunded = await orderRow(placed.res.json().orderId);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedAmount).toBe(1441);
    expect((await intentOf(placed.res.json().orderId)).amountRefunded).toBe(1441);
    // The held card, tip and all, is released, never charged.
    expect((await orderRow(hold.res.json().orderId)).status).toBe('cancelled');
    expect((await intentOf(hold.res.json().orderId)).status).toBe('canceled');
    const ledger = (await s.truckAgent.get('/api/payouts')).json();
    expect(ledger.events.find((e: { eventId: number }) => e.eventId === s.event.id)).toMatchObject({
      gross: '14.41',
      refunds: '14.41',
      salesTax: '0.00',
      tips: '0.00',
      share: '0.00',
    });
  });
});

describe('against a fake Stripe: the price shown is the price charged', () => {
  it('creates, captures and refunds exactly the amount of the breakdown, tax and tip included', async () => {
    const s = await taxedEvent({ on: stripeApp, status: 'confirmed', minimumSales: 1000 });
    const amounts: number[] = [];
    for (const [quantity, tip] of [
      [1, { tipPercent: 10 }],
      [3, { tipCents: 777 }],
      [7, {}],
    ] as const) {
      const diner = new Agent(stripeApp);
      const { res, shown } = await checkout(diner, s.event.id, s.taco.id, quantity, tip);
      expect(res.statusCode).toBe(200);
      const order = await orderRow(res.json().orderId);
      expect(fake.paymentIntent(order.stripePaymentIntentId!)!.amount).toBe(shown.totalCents);
      expect(order).toMatchObject({
        totalAmount: shown.totalCents,
        taxAmount: shown.taxCents,
        tipAmount: shown.tipCents,
      });
      fake.confirmPaymentIntent(order.stripePaymentIntentId!, 'pm_card_visa');
      await fake.deliverEvents({ app: stripeApp }, { about: order.stripePaymentIntentId! });
      expect((await orderRow(order.id)).status).toBe('charged');
      expect(fake.paymentIntent(order.stripePaymentIntentId!)!.amount_received).toBe(shown.totalCents);
      amounts.push(shown.totalCents);
    }
    expect(amounts).toEqual([1150 + 91 + 100, 3450 + 272 + 777, 8050 + 635]);

    await s.organizerAgent.post(`/api/events/${s.event.id}/cancel`, { reason: 'Rain' });
    for (let i = 0; i < 3; i++) await stripeApp.ctx.reconciler.runOnce();
    const orders = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.eventId, s.event.id));
    expect(orders.map((o) => fake.refundedOf(o.stripePaymentIntentId!)).sort((x, y) => x - y)).toEqual(
      [...amounts].sort((x, y) => x - y),
    );
  });
});
