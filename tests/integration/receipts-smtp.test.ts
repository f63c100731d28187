import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { SmtpSink } from '../support/smtp-sink';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let sink: SmtpSink;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));
/** Behind PUBLIC_URL, browsers send that origin. */
const site = { origin: 'https://fund.example' };

beforeAll(async () => {
  sink = await SmtpSink.start();
  database = await openTestDatabase();
  app = await createTestApp(database, {
    now: clock.now,
    publicUrl: 'https://fund.example',
    mail: { smtpUrl: sink.url, from: 'Food Truck Fund <no-reply@fund.example>', dir: '/nonexistent' },
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await sink.close();
});

describe('receipts over SMTP', () => {
  it('sends the diner a receipt with a link to their order, then the charge notice when the goal is met', async () => {
    const organizer = await createUser(database.db);
    const truck = await createTruck(database.db);
    const item = await createMenuItem(database.db, { foodTruckId: truck.id, price: 2000 });
    const event = await createEvent(database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      minimumSales: 2000,
    });
    const diner = new Agent(app);
    const created = (
      await diner.post(
        `/api/events/${event.id}/create-payment-intent`,
        {
          items: [{ menuItemId: item.id, quantity: 1 }],
          customerName: 'Rita Receipt',
          customerEmail: 'rita@example.com',
          amount: 2100,
        },
        site,
      )
    ).json();
    expect(created.clientSecret, JSON.stringify(created)).toBeTruthy();
    await diner.post(
      '/api/payments/simulator/confirm',
      { clientSecret: created.clientSecret, cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' },
      site,
    );

    await app.ctx.reconciler.runOnce(); // sends the receipt, captures the goal-reaching order
    await app.ctx.reconciler.runOnce(); // sends the charge notice

    const toRita = sink.messages.filter((m) => m.envelopeTo.includes('rita@example.com'));
    expect(toRita.map((m) => m.subject)).toEqual([
      `Your pre-order for ${event.title}`,
      `Charged: ${event.title} reached its goal`,
    ]);
    // Her order reached the goal: the receipt says she is charged now and can no longer cancel.
    expect(toRita[0]!.text).toContain('your card is being charged $21.00 now');
    expect(toRita[0]!.text).not.toContain('cancel anytime');
    expect(toRita[0]!.text).toMatch(
      new RegExp(`https://fund\\.example/events/public/${event.id}\\?order=${created.orderId}&token=`),
    );
    expect(toRita[1]!.text).toContain('charged $21.00');
  });
});
