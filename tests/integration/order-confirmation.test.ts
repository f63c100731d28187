import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReceiptDto } from '../../src/contract/orders';
import type { Database } from '../../src/server/db/client';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { liveEvent } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;
let site: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
  proxied = await createTestApp(database, { now: clock.now, trustProxy: true });
  site = await createTestApp(database, { now: clock.now, publicUrl: 'https://trucks.example.org' });
});
afterAll(async () => {
  await Promise.all([app?.close(), proxied?.close(), site?.close()]);
  await database?.close();
});

/** A browser on the machine's own address, as `npm start` prints it. */
const ON_127 = { host: '127.0.0.1:3000' };

/** Two tacos and a horchata at a 10% markup, paid by card; the receipt as the browser that ordered sees it. */
async function orderTwoItems(diner: Agent, headers: Record<string, string> = {}) {
  const { event, taco, truck } = await liveEvent(database.db, clock.now(), { priceMarkupPercentage: 1000 });
  const horchata = await createMenuItem(database.db, { foodTruckId: truck.id, price: 350, name: 'Horchata' });
  // Taco 10.00: markup 1.00, fee 0.50, unit 11.50. Horchata 3.50: markup 0.35, fee 0.18, unit 4.03.
  const created = await diner.post(
    `/api/events/${event.id}/create-payment-intent`,
    {
      items: [
        { menuItemId: taco.id, quantity: 2, unitPrice: 11.5, name: 'Taco' },
        { menuItemId: horchata.id, quantity: 1, unitPrice: 4.03, name: 'Horchata' },
      ],
      customerName: 'Dana Diner',
      customerEmail: 'dana@example.com',
      amount: 2 * 1150 + 403,
      markupPercentage: 10,
      platformFeePercentage: 5,
    },
    headers,
  );
  expect(created.statusCode, created.body).toBe(200);
  const { orderId, clientSecret } = created.json() as { orderId: number; clientSecret: string };
  const card = { clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' };
  expect((await diner.post('/api/payments/simulator/confirm', card, headers)).statusCode).toBe(200);
  await diner.post(`/api/events/${event.id}/orders/${orderId}/sync`, undefined, headers);
  return { event, orderId };
}

describe('the diner’s confirmation page (GET /api/events/{id}/orders/{orderId})', () => {
  it('itemises the order with food, markup and fee per line, the pickup code and what happens next', async () => {
    const diner = new Agent(app);
    const { event, orderId } = await orderTwoItems(diner);
    const res = await diner.get(`/api/events/${event.id}/orders/${orderId}`, ON_127);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const receipt = res.json() as OrderReceiptDto;
    expect(receipt.order).toMatchObject({ id: orderId, status: 'confirmed', totalAmount: '27.03' });
    expect(receipt.order.pickupCode).toMatch(/^[A-Z0-9-]{4,}$/);
    expect(receipt.lines).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/^Taco/),
        quantity: 2,
        unitPrice: '11.50',
        food: '20.00',
        markup: '2.00',
        fee: '1.00',
        total: '23.00',
      }),
      expect.objectContaining({
        name: 'Horchata',
        quantity: 1,
        unitPrice: '4.03',
        food: '3.50',
        markup: '0.35',
        fee: '0.18',
        total: '4.03',
      }),
    ]);
    expect(receipt.totals).toEqual({
      food: '23.50',
      markup: '2.35',
      fee: '1.18',
      total: '27.03',
      salesTax: '0.00',
      tip: '0.00',
      discount: '0.00',
      gift: '0.00',
      giftFee: '0.00',
      charged: '27.03',
    });
    expect(receipt.event).toMatchObject({ id: event.id, title: event.title, goalReached: false });
    // Every link is made with the address the browser came to (no PUBLIC_URL here).
    expect(receipt.links.calendar).toBe(`http://127.0.0.1:3000/api/events/${event.id}/calendar.ics`);
    expect(receipt.links.event).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:3000/events/public/${event.id}\\?order=${orderId}&token=[\\w-]+$`),
    );
    expect(receipt.links.receipt).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:3000/events/public/${event.id}/orders/${orderId}\\?token=[\\w-]+$`),
    );
    expect(receipt.links.pickupQr).toBe(
      `http://127.0.0.1:3000/api/events/${event.id}/pickup-qr?code=${encodeURIComponent(receipt.order.pickupCode!)}`,
    );
  });

  it('opens in another browser only with the receipt link’s token; otherwise it is as if no order existed', async () => {
    const diner = new Agent(app);
    const { event, orderId } = await orderTwoItems(diner);
    const receipt = (await diner.get(`/api/events/${event.id}/orders/${orderId}`)).json() as OrderReceiptDto;
    const token = new URL(receipt.links.receipt).searchParams.get('token')!;

    const stranger = new Agent(app, '10.9.9.9');
    const withLink = await stranger.get(`/api/events/${event.id}/orders/${orderId}?token=${token}`);
    expect(withLink.statusCode).toBe(200);
    expect((withLink.json() as OrderReceiptDto).order.id).toBe(orderId);

    const refused = [
      await stranger.get(`/api/events/${event.id}/orders/${orderId}`),
      await stranger.get(`/api/events/${event.id}/orders/${orderId}?token=${token.slice(0, -2)}xx`),
      await stranger.get(`/api/events/${event.id}/orders/${orderId + 1}?token=${token}`),
      await diner.get(`/api/events/${event.id}/orders/999999`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Order not found' });
    }
    // The order under another event's id: the same 404, even for the browser that placed it.
    const other = await liveEvent(database.db, clock.now());
    expect((await diner.get(`/api/events/${other.event.id}/orders/${orderId}`)).statusCode).toBe(404);
    // Nonsense ids are refused with a message, never a 500.
    const bad = await diner.get(`/api/events/${event.id}/orders/abc`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('links use PUBLIC_URL when set, else the machine’s own address the request came to (decisions 146, 212)', () => {
  async function onboardingUrl(instance: FastifyInstance, headers: Record<string, string>): Promise<URL> {
    const truck = await createTruck(database.db);
    const agent = new Agent(instance);
    await agent.login(truck.username);
    const res = await agent.post('/api/payouts/account/onboarding', undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return new URL((res.json() as { url: string }).url);
  }

  it('sends a truck on 127.0.0.1 back to 127.0.0.1 from payout onboarding, not to localhost', async () => {
    const url = await onboardingUrl(app, { ...ON_127, origin: 'http://127.0.0.1:3000' });
    expect(url.origin).toBe('http://127.0.0.1:3000');
    expect(url.pathname).toBe('/payouts/onboarding/simulator');
  });

  it('never writes a made-up Host into a link, nor a forwarded one behind a trusted proxy (decision 212)', async () => {
    const diner = new Agent(app);
    const { event, orderId } = await orderTwoItems(diner);
    const spoofed = await diner.get(`/api/events/${event.id}/orders/${orderId}`, { host: 'evil.example' });
    expect((spoofed.json() as OrderReceiptDto).links.calendar).not.toContain('evil.example');

    const viaProxy = new Agent(proxied);
    const second = await orderTwoItems(viaProxy);
    const forwarded = await viaProxy.get(`/api/events/${second.event.id}/orders/${second.orderId}`, {
      'x-forwarded-host': 'food.example.net',
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    // Production sets PUBLIC_URL; without it, links name only the machine itself.
    expect(new URL((forwarded.json() as OrderReceiptDto).links.calendar).hostname).toBe('localhost');
  });

  it('uses PUBLIC_URL whatever the request said', async () => {
    const diner = new Agent(site);
    const { event, orderId } = await orderTwoItems(diner, { origin: 'https://trucks.example.org' });
    const receipt = (
      await diner.get(`/api/events/${event.id}/orders/${orderId}`, ON_127)
    ).json() as OrderReceiptDto;
    for (const link of Object.values(receipt.links))
      expect(link).toMatch(/^https:\/\/trucks\.example\.org\//);
    const calendar = await diner.get(`/api/events/${event.id}/calendar.ics`, ON_127);
    expect(calendar.body).toContain(`https://trucks.example.org/events/public/${event.id}`);
  });
});
