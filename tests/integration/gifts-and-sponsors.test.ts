import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import type { Database } from '../../src/server/db/client';
import { pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { settleEventPayouts } from '../../src/server/payouts/settle-event-payouts';
import { makePng, toDataUrl } from '../support/images';
import { confirmCard, eventRow, liveEvent } from '../support/orders';
import { buildApp } from '../../src/server/app';
import { Agent, createClock, createTestApp, openTestDatabase, testConfig } from '../support/test-app';

/**
 * Gifts without food and sponsors through the HTTP API (docs/decisions/223-gifts-and-sponsors.md), on
 * PGlite by default and PostgreSQL with TEST_DATABASE_URL: a gift is held and charged by the same rules
 * as food, released by the same call-off, outside the truck's goal, counted as a backer, with the
 * platform's 5% on top; it is the organizer's to the cent in the ledger and the payouts. A gift of at
 * least the organizer's minimum names a sponsor, shown once charged; the organizer may hide one and add
 * one who paid outside the app.
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

async function reconcile(times = 2) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await simulator().flushEvents();
  }
}

/** A $10.00 taco at 10% markup ($11.50 to a diner); the goal is $20.00 of food. */
async function giftEvent() {
  const s = await liveEvent(database.db, clock.now(), { minimumSales: 2000, priceMarkupPercentage: 1000 });
  const organizer = new Agent(app);
  await organizer.login(s.organizer.username);
  return { ...s, organizer };
}

interface Checkout {
  items?: Array<{ menuItemId: number; quantity: number }>;
  gift?: number;
  amount: number;
  email?: string;
  sponsor?: { name: string; url?: string | null; logo?: string | null };
}

async function pay(diner: Agent, eventId: number, body: Checkout) {
  const res = await diner.post(`/api/events/${eventId}/create-payment-intent`, {
    items: body.items ?? [],
    customerName: 'Grandma Rosa',
    customerEmail: body.email ?? 'rosa@example.com',
    amount: body.amount,
    ...(body.gift !== undefined ? { donationCents: body.gift } : {}),
    ...(body.sponsor ? { sponsor: body.sponsor } : {}),
  });
  if (res.statusCode !== 200) return { res, orderId: 0 };
  expect((await confirmCard(diner, res.json().clientSecret)).statusCode).toBe(200);
  await diner.post(`/api/events/${eventId}/orders/${res.json().orderId}/sync`);
  return { res, orderId: res.json().orderId as number };
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

async function onboard(agent: Agent) {
  const started = await agent.post('/api/payouts/account/onboarding');
  const url = new URL(started.json().url);
  const link = { account: url.searchParams.get('account')!, token: url.searchParams.get('token')! };
  expect((await agent.post('/api/payouts/simulator/onboarding', link)).statusCode).toBe(200);
  return link.account;
}

describe('a gift without food', () => {
  it('refuses an empty checkout and a wrong total, with a sentence', async () => {
    const s = await giftEvent();
    const diner = new Agent(app);
    const empty = await diner.post(`/api/events/${s.event.id}/create-payment-intent`, {
      items: [],
      customerName: 'Rosa',
      customerEmail: 'rosa@example.com',
      amount: 0,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Please add items to your cart');
    // $20.00 and its fee $1.00: a client that forgot the fee is told the price.
    const noFee = await pay(diner, s.event.id, { gift: 2000, amount: 2000 });
    expect(noFee.res.statusCode).toBe(409);
    expect(noFee.res.json().message).toBe(
      'Prices have changed: your order now comes to $21.00. Please review your cart.',
    );
    for (const gift of [-1, 1.5, 1_000_001]) {
      expect((await pay(diner, s.event.id, { gift, amount: 100 })).res.statusCode).toBe(400);
    }
  });

  it('is held like food, outside the goal, counted as a backer; charged with the goal; the organizer is paid it to the cent', async () => {
    const s = await giftEvent();
    const rosa = new Agent(app);
    const gift = await pay(rosa, s.event.id, { gift: 2000, amount: 2100 });
    expect(gift.res.statusCode).toBe(200);
    expect(gift.res.json()).toMatchObject({ amount: 2100, mode: 'hold', chargeNow: false });
    expect(await orderRow(gift.orderId)).toMatchObject({
      status: 'confirmed',
      subtotalAmount: 0,
      donationAmount: 2000,
      donationFeeAmount: 100,
      totalAmount: 2100,
    });
    expect((await intentOf(gift.orderId)).status).toBe('requires_capture');
    // The gift holds $21.00 but moves the truck's goal by nothing; Rosa is a backer.
    const detail = (await new Agent(app).get(`/api/events/${s.event.id}`)).json();
    expect(detail).toMatchObject({ currentSales: '0.00', backerCount: 1 });
    expect((await new Agent(app).get(`/api/events/${s.event.id}/sponsors`)).json()).toMatchObject({
      giftsCents: 2000,
    });

    // A diner's food and a gift with it: 2 tacos (23.00) and $5.00 (+0.25) reach the $20.00 goal.
    const dana = new Agent(app);
    const food = await pay(dana, s.event.id, {
      items: [{ menuItemId: s.taco.id, quantity: 2 }],
      gift: 500,
      amount: 2300 + 525,
      email: 'dana@example.com',
    });
    expect(food.res.statusCode).toBe(200);
    const funded = await eventRow(database.db, s.event.id);
    expect(funded.currentSales).toBe(2000);
    expect(funded.status).toBe('processing');
    await reconcile();
    expect((await orderRow(gift.orderId)).status).toBe('charged');
    expect((await intentOf(gift.orderId)).amount).toBe(2100);

    const receipt = (await rosa.get(`/api/events/${s.event.id}/orders/${gift.orderId}`)).json();
    expect(receipt.lines).toEqual([]);
    expect(receipt.totals).toMatchObject({ food: '0.00', gift: '20.00', giftFee: '1.00', charged: '21.00' });
    const csv = (await s.organizer.get(`/api/events/${s.event.id}/orders.csv`)).body as string;
    expect(csv).toContain('"0.00","20.00","1.00"');
    expect(csv).toContain('"0.00","5.00","0.25"');

    const truck = new Agent(app);
    await truck.login(s.truck.username);
    const truckAccount = await onboard(truck);
    const organizerAccount = await onboard(s.organizer);
    clock.set(new Date(s.event.endsAt.getTime() + HOUR));
    await reconcile();
    expect((await eventRow(database.db, s.event.id)).status).toBe('closed');
    // Charged 21.00 + 28.25 = 49.25: the truck 20.00, the organizer 2.00 + 20.00 + 5.00, the platform 1.00 + 1.25.
    const organizerLine = (await s.organizer.get('/api/payouts'))
      .json()
      .events.find((e: { eventId: number }) => e.eventId === s.event.id);
    expect(organizerLine).toMatchObject({
      gross: '49.25',
      platformFee: '2.25',
      gifts: '25.00',
      discounts: '0.00',
      share: '27.00',
    });
    const statementCsv = (await s.organizer.get('/api/payouts/export.csv')).body as string;
    expect(statementCsv.split('\r\n')[0]).toContain('"Gifts","Promo code discounts"');
    clock.set(new Date(s.event.endsAt.getTime() + 73 * HOUR));
    await settleEventPayouts({ ...app.ctx, log: app.log });
    const payouts = app.ctx.payouts as SimulatorPayoutGateway;
    expect(await payouts.accountBalance(truckAccount)).toBe(2000);
    expect(await payouts.accountBalance(organizerAccount)).toBe(2700);
  });

  it('is released by a call-off, as food is', async () => {
    const s = await giftEvent();
    const gift = await pay(new Agent(app), s.event.id, { gift: 1000, amount: 1050 });
    expect((await orderRow(gift.orderId)).status).toBe('confirmed');
    const calledOff = await s.organizer.post(`/api/events/${s.event.id}/cancel`, { reason: 'Rain' });
    expect(calledOff.statusCode).toBeLessThan(300);
    await reconcile();
    expect((await orderRow(gift.orderId)).status).toBe('cancelled');
    expect((await intentOf(gift.orderId)).status).toBe('canceled');
    expect((await new Agent(app).get(`/api/events/${s.event.id}`)).json().backerCount).toBe(0);
  });
});

describe('sponsors', () => {
  it('a gift of at least the minimum names a sponsor, shown once charged; the organizer hides one and adds an outside one', async () => {
    const s = await giftEvent();
    const sponsorsOf = async () =>
      (await new Agent(app).get(`/api/events/${s.event.id}/sponsors`)).json().sponsors as Array<{
        name: string;
        url: string | null;
        logoUrl: string | null;
      }>;
    const bakery = { name: 'Corner Bakery', url: 'https://bakery.example', logo: toDataUrl(makePng(64, 64)) };

    // No minimum set: gifts name no sponsor.
    const none = await pay(new Agent(app), s.event.id, { gift: 5000, amount: 5250, sponsor: bakery });
    expect(none.res.statusCode).toBe(400);
    expect(none.res.json()).toMatchObject({
      code: 'sponsor_gift_too_small',
      message: 'This event does not take sponsors with gifts',
    });
    const set = await s.organizer.request({
      method: 'PUT',
      url: `/api/events/${s.event.id}/sponsor-minimum`,
      payload: { sponsorMinCents: 5000 },
    });
    expect(set.statusCode).toBe(200);
    expect((await new Agent(app).get(`/api/events/${s.event.id}/sponsors`)).json().sponsorMinCents).toBe(
      5000,
    );

    const small = await pay(new Agent(app), s.event.id, { gift: 4999, amount: 4999 + 250, sponsor: bakery });
    expect(small.res.json().message).toBe("A sponsor's name comes with a gift of at least $50.00");
    const badLink = await pay(new Agent(app), s.event.id, {
      gift: 5000,
      amount: 5250,
      sponsor: { ...bakery, url: 'javascript:alert(1)' },
    });
    expect(badLink.res.statusCode).toBe(400);

    const backed = await pay(new Agent(app), s.event.id, { gift: 5000, amount: 5250, sponsor: bakery });
    expect(backed.res.statusCode).toBe(200);
    // Only held: not on the page yet, but the organizer sees it coming.
    expect(await sponsorsOf()).toEqual([]);
    const managed = (await s.organizer.get(`/api/events/${s.event.id}/sponsors/manage`)).json();
    expect(managed.sponsors).toMatchObject([
      { name: 'Corner Bakery', kind: 'gift', giftCents: 5000, shown: false },
    ]);

    // Food reaches the goal; the gift is charged and the bakery is on the page, with its logo.
    await pay(new Agent(app), s.event.id, {
      items: [{ menuItemId: s.taco.id, quantity: 2 }],
      amount: 2300,
      email: 'dana@example.com',
    });
    await reconcile();
    expect((await orderRow(backed.orderId)).status).toBe('charged');
    const shown = await sponsorsOf();
    expect(shown).toMatchObject([{ name: 'Corner Bakery', url: 'https://bakery.example' }]);
    const logo = await new Agent(app).get(shown[0]!.logoUrl!);
    expect(logo.statusCode).toBe(200);

    // An outside sponsor is shown at once; the organizer hides the bakery.
    const outside = await s.organizer.post(`/api/events/${s.event.id}/sponsors`, { name: 'Hardware Co.' });
    expect(outside.statusCode).toBe(201);
    const bakeryId = managed.sponsors[0].id;
    const hidden = await s.organizer.patch(`/api/events/${s.event.id}/sponsors/${bakeryId}`, {
      hidden: true,
    });
    expect(hidden.statusCode).toBe(200);
    expect((await sponsorsOf()).map((x) => x.name)).toEqual(['Hardware Co.']);
    // The share card names the sponsors the page shows.
    const clientDir = mkdtempSync(path.join(tmpdir(), 'sponsors-client-'));
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>x</title></head><body></body></html>',
    );
    const served = await buildApp(testConfig({ now: clock.now }), { database, serveClient: true, clientDir });
    try {
      const html = (await served.inject({ url: `/events/public/${s.event.id}` })).body;
      expect(html).toMatch(/og:description" content="[^"]*Sponsored by Hardware Co\."/);
      expect(html).not.toContain('Corner Bakery');
    } finally {
      await served.close();
    }
    expect(
      (await s.organizer.patch(`/api/events/${s.event.id}/sponsors/999999`, { hidden: true })).statusCode,
    ).toBe(404);
  });
});
