import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox, pendingOrders } from '../../src/server/db/schema';
import { closeEndedEvents } from '../../src/server/orders/close-ended-events';
import { signReviewToken } from '../../src/server/reviews/review-token';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Reviews (docs/decisions/171-truck-reviews.md): only after a closed event, only from its organizer or
 * a diner whose order was collected (through the thank-you mail's signed link), once each, racing
 * included; the truck answers once; an admin removes; the directory shows the average and count.
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

let serial = 0;
async function signedIn(user: { username: string }) {
  const agent = new Agent(app);
  await agent.login(user.username);
  return agent;
}

/** A confirmed event that ended an hour ago, with a collected order, one never handed over, and its people. */
async function endedEvent() {
  const db = database.db;
  const truck = await createTruck(db, {
    businessName: `Review Truck ${++serial}`,
    cuisine: `rev${serial}${Date.now()}`,
  });
  await createMenuItem(db, { foodTruckId: truck.id });
  const organizer = await createUser(db, { role: 'organizer', businessName: 'PTA of Lincoln' });
  const event = await createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: -1,
    status: 'confirmed',
    startTime: '09:00',
    endTime: '11:00',
  });
  const order = (name: string, fulfilment: 'collected' | null) =>
    db
      .insert(pendingOrders)
      .values({
        eventId: event.id,
        customerName: name,
        customerEmail: `${name.split(' ')[0]!.toLowerCase()}${serial}@example.com`,
        status: 'charged',
        totalAmount: 1050,
        subtotalAmount: 1000,
        fulfilment,
      })
      .returning()
      .then((rows) => rows[0]!);
  const collected = await order('Dana Rivera', 'collected');
  const uncollected = await order('Sam Lee', null);
  return { truck, organizer, event, collected, uncollected };
}

describe('reviews of a truck', () => {
  it('thanks each diner who collected an order when the event closes, with a link that lets them rate once', async () => {
    const { truck, event, collected, uncollected } = await endedEvent();
    await closeEndedEvents(app.ctx);
    const mails = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'thank-you')));
    const mine = mails.filter((m) => m.textBody.includes(`order=${collected.id}&`));
    expect(mine).toHaveLength(1);
    expect(mails.some((m) => m.textBody.includes(`order=${uncollected.id}&`))).toBe(false);
    const link = new URL(mine[0]!.textBody.match(/https?:\/\/\S+\/review\?\S+/)![0]);
    const token = link.searchParams.get('token')!;

    const diner = new Agent(app);
    const invite = await diner.get(`/api/orders/${collected.id}/review?token=${token}`);
    expect(invite.statusCode).toBe(200);
    expect(invite.json()).toMatchObject({
      truckName: truck.businessName,
      eventTitle: event.title,
      refusal: null,
    });
    // A token for another order opens nothing.
    expect((await diner.get(`/api/orders/${uncollected.id}/review?token=${token}`)).statusCode).toBe(404);
    expect((await diner.post(`/api/orders/${collected.id}/review`, { rating: 5 })).statusCode).toBe(404);

    // Four tabs submit at once: one review.
    const answers = await Promise.all(
      [5, 4, 3, 2].map((rating) =>
        diner.post(`/api/orders/${collected.id}/review?token=${token}`, {
          rating,
          body: 'Best injera in town',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 201)!.json()).toMatchObject({
      authorName: 'Dana',
      author: 'diner',
    });

    const page = (await app.inject({ url: `/api/trucks/${truck.id}/reviews` })).json();
    expect(page.reviews).toHaveLength(1);
    expect(page.summary.count).toBe(1);
  });

  it('refuses a diner who never collected, and one past the 30 days', async () => {
    const { collected, uncollected } = await endedEvent();
    await closeEndedEvents(app.ctx);
    const linkFor = (orderId: number) =>
      `/api/orders/${orderId}/review?token=${signReviewToken(app.ctx.config.sessionSecret, orderId)}`;
    const refused = await new Agent(app).post(linkFor(uncollected.id), { rating: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only diners who picked up their order can review the truck');

    clock.advance(31 * 24 * 3600 * 1000);
    const late = await new Agent(app).post(linkFor(collected.id), { rating: 4 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Reviews close 30 days after the event');
  });

  it('lets the organizer rate its closed event once, the truck answer once, and an admin remove it', async () => {
    const { truck, organizer, event } = await endedEvent();
    const organizerAgent = await signedIn(organizer);
    // Not closed yet.
    const early = await organizerAgent.post(`/api/events/${event.id}/review`, { rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Reviews open once the event has closed');
    await closeEndedEvents(app.ctx);

    const stranger = await signedIn(await createUser(database.db, { role: 'organizer' }));
    expect((await stranger.post(`/api/events/${event.id}/review`, { rating: 1 })).statusCode).toBe(403);
    const bad = await organizerAgent.post(`/api/events/${event.id}/review`, { rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rating).toBe('Choose a rating from 1 to 5 stars');

    const written = await organizerAgent.post(`/api/events/${event.id}/review`, {
      rating: 4,
      body: 'On time, kind crew.',
    });
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ author: 'organizer', authorName: 'PTA of Lincoln', rating: 4 });
    expect((await organizerAgent.post(`/api/events/${event.id}/review`, { rating: 5 })).statusCode).toBe(409);
    expect((await organizerAgent.get(`/api/events/${event.id}/review`)).json().existing.rating).toBe(4);

    const reviewId = written.json().id;
    const otherTruck = await signedIn(await createTruck(database.db, {}));
    expect((await otherTruck.post(`/api/reviews/${reviewId}/reply`, { reply: 'Hi' })).statusCode).toBe(403);
    const truckAgent = await signedIn(truck);
    const replied = await truckAgent.post(`/api/reviews/${reviewId}/reply`, {
      reply: 'Thank you, see you in spring!',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().reply).toBe('Thank you, see you in spring!');
    expect((await truckAgent.post(`/api/reviews/${reviewId}/reply`, { reply: 'Again' })).statusCode).toBe(
      409,
    );

    const card = async () =>
      (await app.inject({ url: `/api/trucks?cuisine=${truck.cuisine}` })).json().trucks[0].rating as unknown;
    expect(await card()).toEqual({ average: 4, count: 1 });

    const admin = await signedIn(await createUser(database.db, { role: 'admin' }));
    expect(
      (await organizerAgent.post(`/api/admin/reviews/${reviewId}/remove`, { reason: 'Spam' })).statusCode,
    ).toBe(403);
    expect(
      (await admin.post(`/api/admin/reviews/${reviewId}/remove`, { reason: 'Personal details of the crew' }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ url: `/api/trucks/${truck.id}/reviews` })).json().reviews).toEqual([]);
    expect(await card()).toBeNull();
  });
});
