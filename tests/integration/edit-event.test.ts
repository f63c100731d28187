import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import type { Database } from '../../src/server/db/client';
import { eventChangeRequests, outbox, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { eventRow as readEventRow, ordersWithIntents, placeOrder } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

/**
 * Editing an event (docs/decisions/130-editing-an-event.md, 131-diners-may-leave-a-changed-event.md):
 * the organizer edits the words at any time; a new date, time or place is a change the truck accepts,
 * declines or lets lapse; once accepted, every diner is told and may leave for a release or a refund.
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
  await app.close();
  await database.close();
});
beforeEach(() => clock.set('2026-11-21T12:00:00Z'));

const db = () => database.db;
const eventRow = (id: number) => readEventRow(db(), id);

async function reconcile(times = 3) {
  for (let i = 0; i < times; i++) {
    await app.ctx.reconciler.runOnce();
    await (app.ctx.payments as SimulatorGateway).flushEvents();
  }
}

let serial = 0;
/** A live event in Chicago, 3 days out, with its organizer, truck and their signed-in agents. */
async function chicagoEvent(overrides: { minimumSales?: number; daysAhead?: number } = {}) {
  const n = ++serial;
  const organizer = await createUser(db(), {
    username: `edit_org_${n}_${process.pid}`,
    contactEmail: `edit-organizer-${n}@example.com`,
  });
  const otherOrganizer = await createUser(db(), { username: `edit_other_${n}_${process.pid}` });
  const truck = await createTruck(db(), {
    username: `edit_truck_${n}_${process.pid}`,
    contactEmail: `edit-truck-${n}@example.com`,
  });
  const otherTruck = await createTruck(db(), { username: `edit_truck2_${n}_${process.pid}` });
  const taco = await createMenuItem(db(), { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: overrides.daysAhead ?? 3,
    minimumSales: overrides.minimumSales ?? 100_000,
    timeZone: 'America/Chicago',
  });
  const agents = {
    organizer: new Agent(app),
    otherOrganizer: new Agent(app),
    truck: new Agent(app),
    otherTruck: new Agent(app),
    anonymous: new Agent(app),
  };
  await agents.organizer.login(organizer.username);
  await agents.otherOrganizer.login(otherOrganizer.username);
  await agents.truck.login(truck.username);
  await agents.otherTruck.login(otherTruck.username);
  return { event, organizer, truck, taco, agents };
}

async function mailsTo(email: string, kind?: string) {
  return db()
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.recipient, email), eq(outbox.kind, kind)) : eq(outbox.recipient, email))
    .orderBy(outbox.id);
}

const later = (days: number) => new Date(clock.now().getTime() + days * 24 * HOUR).toISOString().slice(0, 10);

describe('editing the details', () => {
  it('lets only the organizer edit, and the public page shows the new words at once', async () => {
    const { event, agents } = await chicagoEvent();
    const body = { title: 'Tacos for the Library', cause: 'New books for every class', expectedDiners: 120 };
    // Read once, so the cached public read is warm and must be invalidated by the edit.
    expect((await agents.anonymous.get(`/api/events/${event.id}`)).json().title).toBe(event.title);

    expect((await agents.anonymous.patch(`/api/events/${event.id}`, body)).statusCode).toBe(401);
    const asTruck = await agents.truck.patch(`/api/events/${event.id}`, body);
    expect(asTruck.statusCode).toBe(403);
    const asOther = await agents.otherOrganizer.patch(`/api/events/${event.id}`, body);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().message).toBe("Only the event's organizer can edit it");
    expect((await eventRow(event.id)).title).toBe(event.title);

    const edited = await agents.organizer.patch(`/api/events/${event.id}`, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Tacos for the Library', expectedDiners: 120 });
    await expect
      .poll(async () => (await agents.anonymous.get(`/api/events/${event.id}`)).json())
      .toMatchObject({
        title: 'Tacos for the Library',
        cause: 'New books for every class',
        expectedDiners: 120,
      });
  });

  it('answers bad input with the creation rules and their messages, never a 5xx', async () => {
    const { event, agents } = await chicagoEvent();
    const url = `/api/events/${event.id}`;
    const cases: Array<[unknown, string, string]> = [
      [{ title: '  ', cause: null, expectedDiners: 10 }, 'title', 'Title is required'],
      [{ title: 'Tacos', cause: null, expectedDiners: 0 }, 'expectedDiners', 'Must have at least 1 diner'],
      [
        { title: 'Tacos', cause: 'x'.repeat(2001), expectedDiners: 5 },
        'cause',
        'Please keep this under 2,000 characters',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await agents.organizer.patch(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(
      (await agents.organizer.patch('/api/events/abc', { title: 'x', expectedDiners: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await agents.organizer.patch('/api/events/999999', { title: 'x', expectedDiners: 1 })).statusCode,
    ).toBe(404);
  });

  it('refuses edits once the event is over', async () => {
    const { event, agents } = await chicagoEvent({ daysAhead: 1 });
    clock.set(new Date(event.endsAt.getTime() + HOUR));
    const res = await agents.organizer.patch(`/api/events/${event.id}`, { title: 'Late', expectedDiners: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This event is over and can no longer be edited');
  });
});

describe('changing the date, time or place', () => {
  it('asks the truck, keeps the event as it is until accepted, then moves it and tells every diner', async () => {
    const { event, truck, taco, agents } = await chicagoEvent();
    const diners = [new Agent(app), new Agent(app)];
    const placed = [];
    for (const [i, diner] of diners.entries()) {
      placed.push(
        await placeOrder(diner, event.id, taco.id, 1, undefined, `changed-diner-${serial}-${i}@example.com`),
      );
    }
    const newDate = later(5);
    const asked = await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
      date: newDate,
      startTime: '17:30',
      endTime: '20:00',
      location: 'Riverside Park, Pavilion 2',
    });
    expect(asked.statusCode).toBe(201);
    const change = asked.json();
    // The deadline: 24 hours after the request (the start is 3 days away).
    expect(change).toMatchObject({
      status: 'pending',
      answerBy: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });

    const [requestMail] = await mailsTo(truck.contactEmail!, 'event-change-request');
    expect(requestMail!.textBody).toContain('Riverside Park, Pavilion 2');
    // Named in the event's zone: noon UTC is 6:00 AM in Chicago.
    expect(requestMail!.textBody).toMatch(/by Sun, Nov 22, 2026, 6:00 AM CST/);

    // While pending, everything still shows the current date and place.
    const pendingRead = (await agents.anonymous.get(`/api/events/${event.id}`)).json();
    expect(pendingRead).toMatchObject({ date: event.date, location: event.location, changedAt: null });
    const pendingList = await agents.truck.get('/api/change-requests/pending');
    expect(pendingList.json().map((c: { id: number }) => c.id)).toContain(change.id);
    expect(
      (await agents.organizer.get(`/api/events/${event.id}/change-requests/latest`)).json().change,
    ).toMatchObject({
      id: change.id,
      status: 'pending',
    });

    // Only the event's truck answers.
    const url = `/api/events/${event.id}/change-requests/${change.id}/answer`;
    expect((await agents.otherTruck.post(url, { answer: 'accept' })).statusCode).toBe(403);
    expect((await agents.organizer.post(url, { answer: 'accept' })).statusCode).toBe(403);

    const accepted = await agents.truck.post(url, { answer: 'accept', response: 'See you there' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');

    const moved = await eventRow(event.id);
    expect(moved).toMatchObject({
      date: newDate,
      startTime: '17:30',
      endTime: '20:00',
      location: 'Riverside Park, Pavilion 2',
    });
    expect(moved.startsAt.toISOString()).toBe(`${newDate}T23:30:00.000Z`);
    await expect
      .poll(async () => (await agents.anonymous.get(`/api/events/${event.id}`)).json())
      .toMatchObject({ date: newDate, startTime: '17:30', location: 'Riverside Park, Pavilion 2' });

    // One mail per order, on the order's thread.
    for (const [i, { created }] of placed.entries()) {
      const mails = await mailsTo(`changed-diner-${serial}-${i}@example.com`, 'event-changed');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.thread).toBe(`order:${created.orderId}`);
      expect(mails[0]!.textBody).toContain('Riverside Park, Pavilion 2');
      expect(mails[0]!.textBody).toContain('cancel');
      // Held 3 days before the old start, the hold cannot last until the new one, 5 days out.
      expect(mails[0]!.textBody).toContain('confirm your card again');
    }
    const organizerMails = await mailsTo(`edit-organizer-${serial}@example.com`, 'event-change-accepted');
    expect(organizerMails).toHaveLength(1);

    // The calendar file says the new time, as a newer version of the same entry.
    const ics = await agents.anonymous.get(`/api/events/${event.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain(`DTSTART;TZID=America/Chicago:${newDate.replaceAll('-', '')}T173000`);
    expect(ics.body).toContain('LOCATION:Riverside Park\\, Pavilion 2');
    expect(ics.body).toMatch(/SEQUENCE:1/);

    // Answered once: a second accept is refused.
    expect((await agents.truck.post(url, { answer: 'accept' })).statusCode).toBe(409);
  });

  it('validates the change like a new event: a future start, times in order, something to change', async () => {
    const { event, agents } = await chicagoEvent();
    const url = `/api/events/${event.id}/change-requests`;
    const base = { date: later(4), startTime: '12:00', endTime: '14:00', location: 'Town Square' };
    const past = await agents.organizer.post(url, { ...base, date: later(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The new start must be in the future');
    const reversed = await agents.organizer.post(url, { ...base, startTime: '18:00', endTime: '17:00' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.endTime).toBe('End time must be after the start time');
    const blank = await agents.organizer.post(url, { ...base, location: ' ' });
    expect(blank.json().errors.location).toBe('Location is required');
    const same = await agents.organizer.post(url, {
      date: event.date,
      startTime: event.startTime,
      endTime: event.endTime,
      location: event.location,
    });
    expect(same.statusCode).toBe(400);
    expect((await agents.organizer.post(url, { ...base, date: 'soon' })).statusCode).toBe(400);
    expect((await agents.otherOrganizer.post(url, base)).statusCode).toBe(403);
    expect((await agents.truck.post(url, base)).statusCode).toBe(403);
    expect((await agents.anonymous.post(url, base)).statusCode).toBe(401);
    expect(
      await db().select().from(eventChangeRequests).where(eq(eventChangeRequests.eventId, event.id)),
    ).toEqual([]);
  });

  it('keeps the event as it was when the truck declines, and tells the organizer', async () => {
    const { event, agents } = await chicagoEvent();
    const change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: later(6),
        startTime: '11:00',
        endTime: '13:00',
        location: 'Elsewhere',
      })
    ).json();
    const declined = await agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
      answer: 'decline',
      response: 'We are booked that day',
    });
    expect(declined.statusCode).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({
      date: event.date,
      location: event.location,
      changedAt: null,
    });
    const [mail] = await mailsTo(`edit-organizer-${serial}@example.com`, 'event-change-declined');
    expect(mail!.textBody).toContain('We are booked that day');
    const latest = (await agents.organizer.get(`/api/events/${event.id}/change-requests/latest`)).json();
    expect(latest.change).toMatchObject({ status: 'declined', response: 'We are booked that day' });
  });

  it('lapses at its deadline by the app clock, tells the organizer, and can no longer be accepted', async () => {
    const { event, agents } = await chicagoEvent();
    const change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: later(6),
        startTime: '11:00',
        endTime: '13:00',
        location: 'Elsewhere',
      })
    ).json();
    clock.advance(24 * HOUR - 1000);
    await reconcile(1);
    expect(
      (await agents.organizer.get(`/api/events/${event.id}/change-requests/latest`)).json().change.status,
    ).toBe('pending');
    clock.advance(1000);
    await reconcile(1);
    const latest = (await agents.organizer.get(`/api/events/${event.id}/change-requests/latest`)).json();
    expect(latest.change.status).toBe('lapsed');
    expect(await mailsTo(`edit-organizer-${serial}@example.com`, 'event-change-lapsed')).toHaveLength(1);
    const late = await agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
      answer: 'accept',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This change has lapsed: it was not answered in time');
    expect(await eventRow(event.id)).toMatchObject({ date: event.date, location: event.location });
    expect((await agents.truck.get('/api/change-requests/pending')).json()).toEqual([]);
  });
});

describe('reminders follow the start', () => {
  it('sends the diner reminder again before the new start, not at the old one', async () => {
    const { event, agents, taco } = await chicagoEvent({ daysAhead: 1 });
    const email = `reminded-${serial}@example.com`;
    await placeOrder(new Agent(app), event.id, taco.id, 1, undefined, email);
    clock.set(new Date(event.startsAt.getTime() - 23 * HOUR));
    await reconcile(1);
    expect(await mailsTo(email, 'reminder-diner')).toHaveLength(1);

    const newDate = later(3);
    const change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: newDate,
        startTime: '18:00',
        endTime: '21:00',
        location: 'Riverside Park',
      })
    ).json();
    await agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
      answer: 'accept',
    });
    await reconcile(1);
    // Not yet: the new start is three days away.
    expect(await mailsTo(email, 'reminder-diner')).toHaveLength(1);
    const moved = await eventRow(event.id);
    clock.set(new Date(moved.startsAt.getTime() - 23 * HOUR));
    await reconcile(1);
    const reminders = await mailsTo(email, 'reminder-diner');
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.textBody).toContain('Riverside Park');
  });
});

describe('diners after an accepted change', () => {
  async function fundedEvent() {
    const world = await chicagoEvent({ minimumSales: 2000 });
    const early = new Agent(app);
    const first = await placeOrder(
      early,
      world.event.id,
      world.taco.id,
      2,
      undefined,
      `early-${serial}@example.com`,
    );
    await reconcile();
    const [charged] = await db()
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, first.created.orderId));
    expect(charged!.status).toBe('charged');
    expect((await eventRow(world.event.id)).status).toBe('confirmed');
    return { ...world, early, earlyOrderId: first.created.orderId };
  }

  it('refunds a charged diner exactly once and takes their food out of the sales, after the goal', async () => {
    const { event, agents, early, earlyOrderId, taco } = await fundedEvent();
    const cancelUrl = `/api/events/${event.id}/cancel-payment`;
    // Before any change, the goal is final.
    const refused = await early.post(cancelUrl, { orderId: earlyOrderId });
    expect(refused.statusCode).toBe(409);
    // A second diner of before the change, charged at once as the goal was already reached.
    const waiter = new Agent(app);
    const waiting = await placeOrder(waiter, event.id, taco.id, 1, undefined, `waiter-${serial}@example.com`);
    await reconcile();

    const change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: later(4),
        startTime: '12:00',
        endTime: '15:00',
        location: 'Riverside Park',
      })
    ).json();
    clock.advance(HOUR);
    await agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
      answer: 'accept',
    });
    // A diner who orders after the change knew the new plan: for them the goal stays final.
    clock.advance(HOUR);
    const late = new Agent(app);
    const lateOrder = await placeOrder(late, event.id, taco.id, 1, undefined, `late-${serial}@example.com`);
    await reconcile();
    const salesBefore = (await eventRow(event.id)).currentSales;
    expect(salesBefore).toBe(4000);

    const page = (await agents.anonymous.get(`/api/events/${event.id}`)).json();
    expect(page.changedAt).not.toBeNull();

    // Two taps at once: one refund.
    const [a, b] = await Promise.all([
      early.post(cancelUrl, { orderId: earlyOrderId }),
      early.post(cancelUrl, { orderId: earlyOrderId }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 202]);
    expect(a.json().message).toBe('Order cancelled: your payment is being refunded to your card in full');
    expect((await eventRow(event.id)).currentSales).toBe(salesBefore - 2000);
    await reconcile();
    const rows = await ordersWithIntents(db(), event.id);
    const refunded = rows.find((r) => r.id === earlyOrderId)!;
    expect(refunded).toMatchObject({ status: 'refunded', amountRefunded: refunded.totalAmount });
    expect(refunded.refundedAmount).toBe(refunded.totalAmount);
    expect(await mailsTo(`early-${serial}@example.com`, 'order-refunded')).toHaveLength(1);
    expect((await eventRow(event.id)).currentSales).toBe(2000);
    // Asking again changes nothing.
    expect((await early.post(cancelUrl, { orderId: earlyOrderId })).statusCode).toBe(409);
    const lateRefused = await late.post(cancelUrl, { orderId: lateOrder.created.orderId });
    expect(lateRefused.statusCode).toBe(409);
    expect(lateRefused.json().message).toBe(
      'This order has already been charged and can no longer be cancelled',
    );

    // The right to leave ends at the new start.
    clock.set(new Date((await eventRow(event.id)).startsAt.getTime() + 1000));
    const tooLate = await waiter.post(cancelUrl, { orderId: waiting.created.orderId });
    expect(tooLate.statusCode).toBe(409);
    expect((await eventRow(event.id)).currentSales).toBe(2000);
  });

  it('releases a held diner after an accepted change; the other hold stays', async () => {
    const { event, agents, taco } = await chicagoEvent({ minimumSales: 50_000 });
    const diner = new Agent(app);
    const held = await placeOrder(diner, event.id, taco.id, 1, undefined, `held-${serial}@example.com`);
    const second = new Agent(app);
    const earlier = await placeOrder(second, event.id, taco.id, 1, undefined, `held2-${serial}@example.com`);
    const change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: later(2),
        startTime: '12:00',
        endTime: '15:00',
        location: event.location,
      })
    ).json();
    await agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
      answer: 'accept',
    });
    const [mail] = await mailsTo(`held-${serial}@example.com`, 'event-changed');
    expect(mail!.textBody).toContain('your card hold is released');
    // The new start is sooner: the hold lasts.
    expect(mail!.textBody).not.toContain('confirm your card again');
    const res = await diner.post(`/api/events/${event.id}/cancel-payment`, { orderId: held.created.orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('cancelled');
    expect((await eventRow(event.id)).currentSales).toBe(1000);
    const [other] = await db()
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.id, earlier.created.orderId));
    expect(other!.status).toBe('confirmed');
  });
});

describe('a diner of an unchanged event', () => {
  it('still cannot cancel after the goal', async () => {
    const { event, taco } = await chicagoEvent({ minimumSales: 1000 });
    const diner = new Agent(app);
    const placed = await placeOrder(diner, event.id, taco.id, 1);
    await reconcile();
    const res = await diner.post(`/api/events/${event.id}/cancel-payment`, {
      orderId: placed.created.orderId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order has already been charged and can no longer be cancelled');
    expect((await eventRow(event.id)).currentSales).toBe(1000);
  });
});

describe('races', () => {
  it('a truck accepting a change while the organizer replaces it: one outcome each time, never both', async () => {
    const { event, agents } = await chicagoEvent();
    const ROUNDS = 8;
    let accepts = 0;
    let refusals = 0;
    let change = (
      await agents.organizer.post(`/api/events/${event.id}/change-requests`, {
        date: later(5),
        startTime: '10:00',
        endTime: '12:00',
        location: 'Place 0',
      })
    ).json();
    for (let round = 1; round <= ROUNDS; round++) {
      const [accept, replace] = await Promise.all([
        agents.truck.post(`/api/events/${event.id}/change-requests/${change.id}/answer`, {
          answer: 'accept',
        }),
        agents.organizer.post(`/api/events/${event.id}/change-requests`, {
          date: later(5 + (round % 2)),
          startTime: '10:00',
          endTime: '12:00',
          location: `Place ${round}`,
        }),
      ]);
      expect(replace.statusCode).toBe(201);
      const [old] = await db()
        .select()
        .from(eventChangeRequests)
        .where(eq(eventChangeRequests.id, change.id));
      if (accept.statusCode === 200) {
        accepts++;
        expect(old!.status).toBe('accepted');
        expect((await eventRow(event.id)).location).toBe(change.location);
      } else {
        refusals++;
        expect(accept.statusCode).toBe(409);
        expect(accept.json().message).toBe('The organizer has replaced this change with a newer one');
        expect(old!.status).toBe('replaced');
      }
      const pending = await db()
        .select()
        .from(eventChangeRequests)
        .where(and(eq(eventChangeRequests.eventId, event.id), eq(eventChangeRequests.status, 'pending')));
      expect(pending.map((p) => p.id)).toEqual([replace.json().id]);
      change = replace.json();
    }
    expect(accepts + refusals).toBe(ROUNDS);
    const accepted = await db()
      .select()
      .from(eventChangeRequests)
      .where(and(eq(eventChangeRequests.eventId, event.id), eq(eventChangeRequests.status, 'accepted')));
    expect(accepted).toHaveLength(accepts);
    expect((await eventRow(event.id)).scheduleVersion).toBe(accepts);
    const organizerMails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'event-change-accepted'), like(outbox.subject, `%${event.title}`)));
    expect(organizerMails).toHaveLength(accepts);
  });
});
