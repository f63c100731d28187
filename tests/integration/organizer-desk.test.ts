import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { placeOrder } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * The organizer's desk (decisions 154 to 157): the profile an organizer can now save, the mail it
 * turns off, the dashboard's figures and attention list, the picker's bookable trucks and the truck's
 * bookings, upcoming first.
 */
let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signedIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

async function mailTo(address: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, address));
}

describe("the organizer's profile", () => {
  it('adds an e-mail an organizer skipped at sign-up, and refuses a malformed one with a clear message', async () => {
    const organizer = await createUser(database.db, { contactEmail: null });
    const agent = await signedIn(organizer);

    // The address is where reset links go: adding one asks for the password (decision 211).
    const unasked = await agent.patch(`/api/users/${organizer.id}`, {
      contactEmail: 'olivia@school.example',
    });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().errors.currentPassword).toMatch(/^Enter your current password/);
    const saved = await agent.patch(`/api/users/${organizer.id}`, {
      contactEmail: 'olivia@school.example',
      currentPassword: 'password123',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contactEmail: 'olivia@school.example', emailVerified: false });
    expect((await agent.get('/api/user')).json()).toMatchObject({ contactEmail: 'olivia@school.example' });
    // The new address is asked to confirm itself, as on the Account page.
    expect((await mailTo('olivia@school.example')).map((m) => m.kind)).toContain('email-verification');

    const bad = await agent.patch(`/api/users/${organizer.id}`, { contactEmail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid email address/);
  });

  it('keeps the address when only the mail topics are sent, and answers the topics kept on', async () => {
    const organizer = await createUser(database.db, { contactEmail: 'keep@school.example' });
    const agent = await signedIn(organizer);
    expect((await agent.get('/api/user')).json().mailTopics).toEqual([
      'requests',
      'event-outcomes',
      'payouts',
    ]);

    const res = await agent.patch(`/api/users/${organizer.id}`, { mailTopics: ['payouts'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactEmail: 'keep@school.example', mailTopics: ['payouts'] });

    const unknown = await agent.patch(`/api/users/${organizer.id}`, { mailTopics: ['spam'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Unknown kind of mail/);
  });

  it("still asks a truck for its business name, and never lets one change another's profile", async () => {
    const truck = await createTruck(database.db);
    const agent = await signedIn(truck);
    const res = await agent.patch(`/api/users/${truck.id}`, { cuisine: 'Thai' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Business name is required' });

    const organizer = await createUser(database.db);
    const other = await agent.patch(`/api/users/${organizer.id}`, { contactEmail: 'x@truck.example' });
    expect(other.statusCode).toBe(403);
  });
});

describe('mail the organizer turned off', () => {
  it('is not queued when the truck answers, and is queued again once turned back on', async () => {
    const organizer = await createUser(database.db, { contactEmail: 'quiet@school.example' });
    const truck = await createTruck(database.db);
    const organizerAgent = await signedIn(organizer);
    const truckAgent = await signedIn(truck);
    const request = (status: 'pending_approval') =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        status,
        now: clock.now(),
      });

    await organizerAgent.patch(`/api/users/${organizer.id}`, { mailTopics: ['event-outcomes', 'payouts'] });
    const first = await request('pending_approval');
    const answered = await truckAgent.post(`/api/events/${first.id}/approve`, {
      status: 'approved',
      minimumSales: '500.00',
    });
    expect(answered.statusCode).toBe(200);
    expect(await mailTo('quiet@school.example')).toEqual([]);

    await organizerAgent.patch(`/api/users/${organizer.id}`, {
      mailTopics: ['requests', 'event-outcomes', 'payouts'],
    });
    const second = await request('pending_approval');
    await truckAgent.post(`/api/events/${second.id}/approve`, { status: 'rejected', minimumSales: '500.00' });
    const mail = await mailTo('quiet@school.example');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(second.title);
  });
});

describe("the organizer's dashboard", () => {
  it('adds up what was raised, shows each event ahead with its progress, and lists what needs the organizer', async () => {
    const organizer = await createUser(database.db, { contactEmail: 'desk@school.example' });
    const truck = await createTruck(database.db, { businessName: 'Smoke Shack' });
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const live = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 50_000,
      priceMarkupPercentage: 1000,
    });
    const waiting = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'pending_approval',
    });
    const declined = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'rejected',
    });
    // Two tacos at $10.00 with a 10% markup and the 5% fee: $11.50 each, $1.00 each raised.
    const diner = new Agent(app, '10.9.0.1');
    const created = await diner.post(`/api/events/${live.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 2, unitPrice: 11.5, name: 'Taco' }],
      customerName: 'Dana Diner',
      customerEmail: 'dana@example.com',
      amount: 2300,
      markupPercentage: 10,
      platformFeePercentage: 5,
    });
    expect(created.statusCode).toBe(200);
    await diner.post('/api/payments/simulator/confirm', {
      clientSecret: created.json().clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    await diner.post(`/api/events/${live.id}/orders/${created.json().orderId}/sync`);

    const agent = await signedIn(organizer);
    const res = await agent.get('/api/organizer/desk');
    expect(res.statusCode).toBe(200);
    const desk = res.json();
    expect(desk.totals).toEqual({
      money: [{ currency: 'USD', markupRaised: '2.00', foodSales: '20.00' }],
      orderCount: 1,
      upcomingCount: 1,
    });
    expect(desk.upcoming).toHaveLength(1);
    expect(desk.upcoming[0]).toMatchObject({
      event: { id: live.id, currentSales: '20.00', minimumSales: '500.00', foodTruckName: 'Smoke Shack' },
      markupRaised: '2.00',
      orderCount: 1,
      failedPayments: 0,
    });
    expect(desk.attention.map((a: { kind: string; eventId: number }) => [a.kind, a.eventId])).toEqual(
      expect.arrayContaining([
        ['awaiting-truck', waiting.id],
        ['truck-declined', declined.id],
      ]),
    );
    expect(desk.attention.find((a: { kind: string }) => a.kind === 'truck-declined').text).toBe(
      'Smoke Shack declined. Create the event again with another truck.',
    );
  });

  it('counts a refused card as needing attention', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const taco = await createMenuItem(database.db, { foodTruckId: truck.id, price: 1000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 50_000,
      priceMarkupPercentage: 0,
    });
    const diner = new Agent(app, '10.9.0.2');
    await placeOrder(diner, event.id, taco.id, 1);
    // The hold lapses: the order leaves the goal and the diner is asked to pay again.
    await database.db
      .update(pendingOrders)
      .set({ status: 'failed' })
      .where(eq(pendingOrders.eventId, event.id));
    const desk = (await (await signedIn(organizer)).get('/api/organizer/desk')).json();
    expect(desk.upcoming[0]).toMatchObject({ failedPayments: 1, orderCount: 0 });
    expect(desk.attention).toEqual([
      expect.objectContaining({ kind: 'failed-payments', eventId: event.id, href: `/my-events/${event.id}` }),
    ]);
  });
});

describe("the organizer's truck picker", () => {
  it('offers only trucks with a name, a minimum and a dish on their menu', async () => {
    const bare = await createTruck(database.db, { businessName: null, minimumSales: null });
    const noMenu = await createTruck(database.db, { businessName: 'No Menu Yet' });
    const noMinimum = await createTruck(database.db, { businessName: 'No Minimum', minimumSales: null });
    await createMenuItem(database.db, { foodTruckId: noMinimum.id });
    const offDish = await createTruck(database.db, { businessName: 'All Switched Off' });
    await createMenuItem(database.db, { foodTruckId: offDish.id, isActive: false });
    const ready = await createTruck(database.db, { businessName: 'Ready To Roll' });
    await createMenuItem(database.db, { foodTruckId: ready.id });

    // The create-event form searches the directory by name, a page at a time (decision 220).
    const offered = async (q: string) =>
      (
        (
          await app.inject({ method: 'GET', url: `/api/trucks?q=${encodeURIComponent(q)}&limit=50` })
        ).json() as {
          trucks: Array<{ id: number }>;
        }
      ).trucks.map((t) => t.id);
    expect(await offered('ready to')).toEqual([ready.id]);
    for (const name of ['No Menu Yet', 'No Minimum', 'All Switched Off'])
      expect(await offered(name)).toEqual([]);
    // A truck with no name cannot be found by one, and the unfiltered directory leaves it out too.
    const firstPage = (await app.inject({ method: 'GET', url: '/api/trucks?limit=50' })).json() as {
      trucks: Array<{ id: number }>;
    };
    expect(firstPage.trucks.map((t) => t.id)).not.toContain(bare.id);

    await createMenuItem(database.db, { foodTruckId: noMenu.id });
    expect(await offered('no menu')).toEqual([noMenu.id]);
  });
});

describe("the truck's bookings", () => {
  it('lists events ahead first, then past, called-off and failed ones, latest first', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const at = (
      daysAhead: number,
      status: 'approved' | 'cancelled' | 'payment_failed' | 'closed' = 'approved',
    ) =>
      createEvent(database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: clock.now(),
        daysAhead,
        status,
      });
    const lastNightFailed = await at(-1, 'payment_failed');
    const later = await at(10);
    const calledOffAhead = await at(2, 'cancelled');
    const soon = await at(1);
    const lastWeek = await at(-7, 'closed');

    const res = await (await signedIn(truck)).get('/api/bookings');
    expect(res.statusCode).toBe(200);
    const list = (res.json().bookings as Array<{ event: { id: number }; upcoming: boolean }>).map((b) => [
      b.event.id,
      b.upcoming,
    ]);
    expect(list).toEqual([
      [soon.id, true],
      [later.id, true],
      [calledOffAhead.id, false],
      [lastNightFailed.id, false],
      [lastWeek.id, false],
    ]);
  });
});
