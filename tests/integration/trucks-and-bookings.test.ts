import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  events,
  menuItems,
  outbox,
  pendingOrderItems,
  pendingOrders,
  statusTransitions,
  users,
} from '../../src/server/db/schema';
import {
  createBookableTruck,
  createEvent,
  createMenuItem,
  createTruck,
  createUser,
} from '../../src/server/seed/factories';
import { makePng, toDataUrl } from '../support/images';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestApp(database, { now: clock.now });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

async function signedIn(role: 'organizer' | 'foodtruck' | 'admin', extra: Record<string, unknown> = {}) {
  const user =
    role === 'foodtruck'
      ? await createTruck(database.db, extra)
      : await createUser(database.db, { role, ...extra });
  const agent = new Agent(app);
  await agent.login(user.username);
  return { user, agent };
}

const validRequest = (foodTruckId: number) => ({
  title: 'Spring Fundraiser',
  date: '2026-12-05',
  startTime: '17:30',
  endTime: '20:00',
  timeZone: 'America/Chicago',
  location: 'Lincoln Elementary, Austin, TX',
  expectedDiners: 120,
  minimumSales: '500.00',
  foodTruckId,
  priceMarkupPercentage: 10,
  // Whatever the client says about these, the server decides.
  status: 'approved',
  organizerId: 999,
  approvalExpiryDate: '2030-01-01T00:00:00Z',
  currentSales: '99999',
});

function leaks(body: string) {
  return /password|argon2|hash/i.test(body);
}

describe('truck profiles', () => {
  it('lists trucks with public fields only', async () => {
    const truck = await createTruck(database.db, {
      contactEmail: 'private@truck.example',
      phone: '555-0100',
    });
    await createMenuItem(database.db, { foodTruckId: truck.id });
    const res = await app.inject({ method: 'GET', url: '/api/trucks' });
    expect(res.statusCode).toBe(200);
    const { trucks } = res.json();
    expect(trucks.length).toBeGreaterThan(0);
    expect(Object.keys(trucks[0]).sort()).toEqual(
      [
        'businessName',
        'cuisine',
        'currency',
        'description',
        'dietaryTags',
        'distanceMeters',
        'id',
        'location',
        'menuItemCount',
        'minimumSales',
        'nextFreeDate',
        'profileImage',
        'rating',
        'username',
      ].sort(),
    );
    expect(leaks(res.body)).toBe(false);
    expect(res.body).not.toContain('private@truck.example');
  });

  it('answers one truck by id, and 404 for a user who is not a truck', async () => {
    const truck = await createTruck(database.db);
    const organizer = await createUser(database.db);
    const res = await app.inject({ method: 'GET', url: `/api/users/${truck.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: truck.id, businessName: 'Taco Loco', minimumSales: '500.00' });
    expect(leaks(res.body)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/users/${organizer.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
  });

  it('lets a truck update its own profile with a real picture', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'Bao Wow',
      description: 'Steamed buns',
      minimumSales: 750.5,
      cuisine: 'Taiwanese',
      location: 'Austin, TX',
      // Removing the address reset links go to asks for the password (decision 211).
      contactEmail: '',
      currentPassword: 'password123',
      phone: '',
      profileImage: toDataUrl(makePng(40, 30)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      businessName: 'Bao Wow',
      minimumSales: '750.50',
      contactEmail: null,
      phone: null,
    });
    expect(res.json().profileImage).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
    const picture = await agent.get(res.json().profileImage);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
    expect((await agent.get('/api/user')).json().businessName).toBe('Bao Wow');
  });

  it("refuses to change someone else's profile", async () => {
    const { agent } = await signedIn('foodtruck');
    const other = await createTruck(database.db);
    const res = await agent.patch(`/api/users/${other.id}`, { businessName: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect((await new Agent(app).patch(`/api/users/${other.id}`, { businessName: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('answers bad profile input with the documented messages', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const res = await agent.patch(`/api/users/${user.id}`, {
      businessName: '',
      contactEmail: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      businessName: 'Business name is required',
      contactEmail: 'Invalid email address',
    });
  });

  it('checks the picture by its bytes, its size in bytes and in pixels', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const fake = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'X',
      profileImage: toDataUrl(Buffer.from('<script>alert(1)</script>'), 'image/png'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.profileImage).toBe('The image must be a JPEG, PNG or WebP picture');
    const huge = await agent.patch(`/api/users/${user.id}`, {
      businessName: 'X',
      profileImage: toDataUrl(makePng(1200, 10)),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.profileImage).toBe('The image must be at most 800×800 pixels');
  });
});

describe('menus', () => {
  it('lets a truck add items, lists them publicly, and only the owner deletes', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const created = await agent.post('/api/menu-items', {
      foodTruckId: user.id,
      name: 'Brisket Taco',
      description: null,
      category: 'Entree',
      price: 6.5,
      image: null,
      isActive: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Brisket Taco',
      price: '6.50',
      category: 'Entree',
      isActive: true,
    });

    const list = await app.inject({ method: 'GET', url: `/api/menu-items/${user.id}` });
    expect(list.json().map((i: { name: string }) => i.name)).toEqual(['Brisket Taco']);

    const { agent: stranger } = await signedIn('foodtruck');
    expect((await stranger.delete(`/api/menu-items/${created.json().id}`)).statusCode).toBe(403);
    const { agent: organizer } = await signedIn('organizer');
    expect((await organizer.delete(`/api/menu-items/${created.json().id}`)).statusCode).toBe(403);

    const removed = await agent.delete(`/api/menu-items/${created.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ deactivated: false });
    expect((await app.inject({ method: 'GET', url: `/api/menu-items/${user.id}` })).json()).toEqual([]);
  });

  it("refuses items for another truck's menu, and from non-trucks", async () => {
    const { agent } = await signedIn('foodtruck');
    const other = await createTruck(database.db);
    const res = await agent.post('/api/menu-items', {
      foodTruckId: other.id,
      name: 'Sneaky',
      price: 1,
      category: 'Side',
    });
    expect(res.statusCode).toBe(403);
    const { agent: organizer } = await signedIn('organizer');
    expect((await organizer.post('/api/menu-items', { name: 'x', price: 1 })).statusCode).toBe(403);
    expect((await new Agent(app).post('/api/menu-items', { name: 'x', price: 1 })).statusCode).toBe(401);
  });

  it('answers bad menu input with the documented messages', async () => {
    const { agent } = await signedIn('foodtruck');
    const res = await agent.post('/api/menu-items', { name: '', category: 'Pizza' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Item name is required',
      price: 'Price is required',
      category: 'Invalid enum value',
    });
  });

  it('deactivates, rather than destroys, an item that orders refer to', async () => {
    const { user, agent } = await signedIn('foodtruck');
    const organizer = await createUser(database.db);
    const item = await createMenuItem(database.db, { foodTruckId: user.id });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: user.id,
      now: clock.now(),
    });
    const [order] = await database.db
      .insert(pendingOrders)
      .values({
        eventId: event.id,
        customerName: 'Ann',
        customerEmail: 'ann@example.com',
        totalAmount: 473,
        subtotalAmount: 450,
      })
      .returning();
    await database.db.insert(pendingOrderItems).values({
      pendingOrderId: order!.id,
      menuItemId: item.id,
      quantity: 1,
      priceAtTime: 473,
      basePriceAtTime: 450,
    });
    const res = await agent.delete(`/api/menu-items/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deactivated).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/api/menu-items/${user.id}` })).json()).toEqual([]);
    expect((await agent.delete(`/api/menu-items/${item.id}`)).statusCode).toBe(404);
  });
});

describe('event requests', () => {
  it('creates a pending request whose status, organizer and expiry the server decides, and mails the truck', async () => {
    const { user: organizer, agent } = await signedIn('organizer');
    const truck = await createBookableTruck(database.db, { contactEmail: 'owner@truck.example' });
    const res = await agent.post('/api/events', validRequest(truck.id));
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      status: 'pending_approval',
      organizerId: organizer.id,
      foodTruckId: truck.id,
      currentSales: '0.00',
      minimumSales: '500.00',
      priceMarkupPercentage: '10.00',
      approvalExpiryDate: '2026-11-22T12:00:00.000Z',
      // 17:30 in Chicago on Dec 5 is 23:30 UTC.
      startsAt: '2026-12-05T23:30:00.000Z',
    });
    const mail = await database.db.select().from(outbox).where(eq(outbox.recipient, 'owner@truck.example'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('New event request: Spring Fundraiser');
    expect(mail[0]!.textBody).toContain(`/events/${event.id}/approve`);
  });

  it('answers bad input with the documented messages', async () => {
    const { agent } = await signedIn('organizer');
    const res = await agent.post('/api/events', {
      title: '',
      date: 'next friday',
      startTime: '',
      endTime: '',
      location: '',
      expectedDiners: 0,
      minimumSales: '',
      foodTruckId: 0,
      priceMarkupPercentage: 101,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      title: 'Title is required',
      date: 'Invalid date format',
      startTime: 'Start time is required',
      endTime: 'End time is required',
      location: 'Location is required',
      expectedDiners: 'Must have at least 1 diner',
      minimumSales: 'Minimum sales is required',
      foodTruckId: 'Food truck selection is required',
      priceMarkupPercentage: 'Number must be less than or equal to 100',
    });
  });

  it('refuses a truck that is not a truck, a date in the past, and non-organizers', async () => {
    const { user: organizer, agent } = await signedIn('organizer');
    const notATruck = await agent.post('/api/events', validRequest(organizer.id));
    expect(notATruck.statusCode).toBe(400);
    expect(notATruck.json().message).toBe('The selected food truck does not exist');
    const truck = await createBookableTruck(database.db);
    const past = await agent.post('/api/events', { ...validRequest(truck.id), date: '2026-11-20' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.date).toBe('The event must start in the future');
    const { agent: truckAgent } = await signedIn('foodtruck');
    expect((await truckAgent.post('/api/events', validRequest(truck.id))).statusCode).toBe(403);
    expect((await new Agent(app).post('/api/events', validRequest(truck.id))).statusCode).toBe(401);
  });
});

describe('a request for a truck that cannot be booked yet (decision 198)', () => {
  it('is refused on the truck field, naming what the truck lacks, until the truck has it', async () => {
    const { agent } = await signedIn('organizer');
    const truck = await createTruck(database.db, { businessName: 'Bare Wheels', minimumSales: null });
    const bare = await agent.post('/api/events', validRequest(truck.id));
    expect(bare.statusCode).toBe(400);
    const message =
      'Bare Wheels can’t be booked yet: it has no minimum and no dish on its menu. Choose another truck.';
    expect(bare.json().message).toBe(message);
    expect(bare.json().errors).toEqual({ foodTruckId: message });

    const nameless = await createTruck(database.db, { businessName: '  ' });
    expect((await agent.post('/api/events', validRequest(nameless.id))).json().message).toBe(
      `${nameless.username} can’t be booked yet: it has no business name and no dish on its menu. Choose another truck.`,
    );

    // A dish that is off or deleted is not a menu.
    const off = await createMenuItem(database.db, { foodTruckId: truck.id, isActive: false });
    await createMenuItem(database.db, { foodTruckId: truck.id, deletedAt: new Date(), isActive: false });
    expect((await agent.post('/api/events', validRequest(truck.id))).json().message).toBe(message);
    await database.db.update(menuItems).set({ isActive: true }).where(eq(menuItems.id, off.id));
    const noMinimum = await agent.post('/api/events', validRequest(truck.id));
    expect(noMinimum.json().errors.foodTruckId).toBe(
      'Bare Wheels can’t be booked yet: it has no minimum. Choose another truck.',
    );
    await database.db.update(users).set({ minimumSales: 20_000 }).where(eq(users.id, truck.id));
    expect((await agent.post('/api/events', validRequest(truck.id))).statusCode).toBe(201);
  });
});

describe("an event's date sent as an ISO timestamp", () => {
  // Local midnight of 20 December 2026, as `toISOString()` sends it, east and west of UTC.
  it.each([
    ['Asia/Tokyo', '2026-12-19T15:00:00.000Z', '2026-12-20T08:30:00.000Z'],
    ['Pacific/Auckland', '2026-12-19T11:00:00.000Z', '2026-12-20T04:30:00.000Z'],
    ['Pacific/Honolulu', '2026-12-20T10:00:00.000Z', '2026-12-21T03:30:00.000Z'],
    ['America/Los_Angeles', '2026-12-20T08:00:00.000Z', '2026-12-21T01:30:00.000Z'],
  ])('is the calendar day in %s, as YYYY-MM-DD is', async (timeZone, midnight, startsAt) => {
    const { agent } = await signedIn('organizer');
    const truck = await createBookableTruck(database.db);
    for (const date of [midnight, '2026-12-20']) {
      const created = await agent.post('/api/events', { ...validRequest(truck.id), timeZone, date });
      expect(created.statusCode).toBe(201);
      // 17:30 on the 20th where the event happens.
      expect(created.json()).toMatchObject({ date: '2026-12-20', timeZone, startTime: '17:30', startsAt });
      const shown = await agent.get(`/api/events/${created.json().id}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ date: '2026-12-20', startsAt });
    }
  });
});

describe('approvals', () => {
  async function pendingRequest() {
    const email = `org-${Math.random().toString(36).slice(2)}@example.com`;
    const { user: organizer, agent: organizerAgent } = await signedIn('organizer', { contactEmail: email });
    const { user: truck, agent: truckAgent } = await signedIn('foodtruck');
    await createMenuItem(database.db, { foodTruckId: truck.id });
    const event = (await organizerAgent.post('/api/events', validRequest(truck.id))).json();
    return { organizer, organizerAgent, truck, truckAgent, event, email };
  }

  it('shows a truck only its own pending requests', async () => {
    const { truck, truckAgent, event } = await pendingRequest();
    const mine = await truckAgent.get(`/api/events/pending/${truck.id}`);
    expect(mine.json().events.map((e: { id: number }) => e.id)).toEqual([event.id]);
    const { user: other, agent: otherAgent } = await signedIn('foodtruck');
    expect((await otherAgent.get(`/api/events/pending/${truck.id}`)).statusCode).toBe(403);
    expect((await otherAgent.get(`/api/events/pending/${other.id}`)).json()).toEqual({
      events: [],
      nextCursor: null,
    });
  });

  it('lets the addressed truck approve with its goal, once, and tells the organizer', async () => {
    const { truckAgent, organizerAgent, organizer, event, email } = await pendingRequest();
    const { agent: otherTruck } = await signedIn('foodtruck');
    expect(
      (await otherTruck.post(`/api/events/${event.id}/approve`, { status: 'approved', minimumSales: '1' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await organizerAgent.post(`/api/events/${event.id}/approve`, {
          status: 'approved',
          minimumSales: '1',
        })
      ).statusCode,
    ).toBe(403);

    const res = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: '1250.00',
      response: 'See you there!',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      minimumSales: '1250.00',
      foodTruckResponse: 'See you there!',
    });
    expect(res.json().approvalDate).toBe('2026-11-21T12:00:00.000Z');

    const again = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'rejected',
      minimumSales: '0',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This event request has already been answered');

    const mail = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail.map((m) => m.subject)).toEqual(['Approved: Spring Fundraiser']);
    const mine = (await organizerAgent.get(`/api/events/organizer/${organizer.id}`)).json().events;
    expect(mine[0]).toMatchObject({ id: event.id, status: 'approved', foodTruckName: 'Taco Loco' });

    const publicList = (await app.inject({ method: 'GET', url: '/api/events/public' })).json().events;
    expect(publicList.find((e: { id: number }) => e.id === event.id)).toMatchObject({
      foodTruckName: 'Taco Loco',
      cuisine: 'Mexican',
    });
  });

  it('lets the truck decline, and keeps a declined event off the public list', async () => {
    const { truckAgent, event } = await pendingRequest();
    const res = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'rejected',
      minimumSales: '0',
      response: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('rejected');
    const publicList = (await app.inject({ method: 'GET', url: '/api/events/public' })).json().events;
    expect(publicList.some((e: { id: number }) => e.id === event.id)).toBe(false);
  });

  it('needs a goal to approve', async () => {
    const { truckAgent, event } = await pendingRequest();
    const res = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.minimumSales).toBe('Please set a minimum sales goal');
  });

  it('expires a request unanswered for 24 hours, tells the organizer, and refuses a late answer', async () => {
    const { truckAgent, truck, event, email } = await pendingRequest();
    clock.advance(24 * HOUR - 1);
    await app.ctx.reconciler.runOnce();
    expect((await truckAgent.get(`/api/events/pending/${truck.id}`)).json().events).toHaveLength(1);

    clock.advance(1);
    // Inside the window's last instant the answer is refused even before the job runs.
    const late = await truckAgent.post(`/api/events/${event.id}/approve`, {
      status: 'approved',
      minimumSales: '100',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request has expired: it was not answered in time');
    expect((await truckAgent.get(`/api/events/pending/${truck.id}`)).json().events).toEqual([]);

    await app.ctx.reconciler.runOnce();
    const [row] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    const mail = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mail.filter((m) => m.subject === 'No answer from the truck: Spring Fundraiser')).toHaveLength(1);
    const transitions = await database.db
      .select()
      .from(statusTransitions)
      .where(eq(statusTransitions.entityId, event.id));
    expect(transitions.filter((t) => t.entity === 'event').map((t) => t.toStatus)).toEqual([
      'pending_approval',
      'cancelled',
    ]);

    // A second run (or a second instance) does nothing more.
    await app.ctx.reconciler.runOnce();
    const again = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(again.filter((m) => m.subject.startsWith('No answer'))).toHaveLength(1);
  });

  it('expires once when two instances reconcile at the same time', async () => {
    const { event } = await pendingRequest();
    const second = await createTestApp(database, { now: clock.now });
    clock.advance(25 * HOUR);
    await Promise.all([app.ctx.reconciler.runOnce(), second.ctx.reconciler.runOnce()]);
    await second.close();
    const transitions = await database.db
      .select()
      .from(statusTransitions)
      .where(eq(statusTransitions.entityId, event.id));
    expect(transitions.filter((t) => t.entity === 'event' && t.toStatus === 'cancelled')).toHaveLength(1);
  });
});

describe('organizer screens', () => {
  it('answers an organizer their own events only', async () => {
    const { user, agent } = await signedIn('organizer');
    const { user: other } = await signedIn('organizer');
    const truck = await createTruck(database.db);
    await createEvent(database.db, { organizerId: user.id, foodTruckId: truck.id, now: clock.now() });
    expect((await agent.get(`/api/events/organizer/${user.id}`)).json().events).toHaveLength(1);
    expect((await agent.get(`/api/events/organizer/${other.id}`)).statusCode).toBe(403);
    expect((await new Agent(app).get(`/api/events/organizer/${user.id}`)).statusCode).toBe(401);
  });

  it('lets an organizer cancel their own event before anything is charged', async () => {
    const { user, agent } = await signedIn('organizer');
    const truck = await createTruck(database.db);
    const event = await createEvent(database.db, {
      organizerId: user.id,
      foodTruckId: truck.id,
      now: clock.now(),
    });
    const { agent: stranger } = await signedIn('organizer');
    expect((await stranger.post(`/api/events/${event.id}/cancel`)).statusCode).toBe(403);
    const res = await agent.post(`/api/events/${event.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'organizer' });
    expect((await agent.post(`/api/events/${event.id}/cancel`)).statusCode).toBe(409);
  });

  it('cancels an event with charged orders and queues every charge for a refund', async () => {
    const { user, agent } = await signedIn('organizer');
    const truck = await createTruck(database.db);
    const event = await createEvent(database.db, {
      organizerId: user.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'confirmed',
    });
    const [order] = await database.db
      .insert(pendingOrders)
      .values({
        eventId: event.id,
        customerName: 'B',
        customerEmail: 'b@example.com',
        status: 'charged',
        totalAmount: 100,
        subtotalAmount: 95,
      })
      .returning();
    const res = await agent.post(`/api/events/${event.id}/cancel`, { reason: 'The venue flooded' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'organizer',
      cancelNote: 'The venue flooded',
    });
    const [after] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, order!.id));
    expect(after!.refundDueAt).not.toBeNull();
  });
});

describe('public lists', () => {
  it('lists live, upcoming, visible events soonest first, and answers one event with its truck', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db, {
      businessName: 'List Truck',
      contactEmail: 'secret@list.example',
    });
    const later = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 9,
    });
    const sooner = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 2,
      status: 'confirmed',
    });
    const hidden = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      hidden: true,
    });
    const pending = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      status: 'pending_approval',
    });
    const past = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: -2,
    });

    const list = (await app.inject({ method: 'GET', url: '/api/events/public' })).json().events as Array<{
      id: number;
    }>;
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    for (const absent of [hidden, pending, past]) expect(ids).not.toContain(absent.id);

    const one = await app.inject({ method: 'GET', url: `/api/events/${later.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: later.id, foodTruck: { businessName: 'List Truck' } });
    expect(one.body).not.toContain('secret@list.example');
    expect(leaks(one.body)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/events/999999' })).statusCode).toBe(404);
  });

  it('lets other sites frame the embeds only', async () => {
    const embed = await app.inject({ method: 'GET', url: '/embed' });
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    const page = await app.inject({ method: 'GET', url: '/events/public' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
