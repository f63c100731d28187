import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { pendingOrders } from '../../src/server/db/schema';
import { FakeStripe } from '../support/fake-stripe';
import { eventRow, liveEvent, orderBody } from '../support/orders';
import { Agent, createClock, createTestApp, openTestDatabase } from '../support/test-app';

let database: Database;
let app: FastifyInstance;
let fake: FakeStripe;
const clock = createClock(new Date('2026-11-21T12:00:00Z'));

beforeAll(async () => {
  fake = await FakeStripe.start({ now: clock.now });
  database = await openTestDatabase();
  app = await createTestApp(database, {
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
  await app.close();
  await database.close();
  await fake.close();
});

async function heldOrder(eventId: number, menuItemId: number, diner = new Agent(app)) {
  const created = (
    await diner.post(`/api/events/${eventId}/create-payment-intent`, orderBody(menuItemId, 1, 1050))
  ).json();
  const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, created.orderId));
  fake.confirmPaymentIntent(order!.stripePaymentIntentId!, 'pm_card_visa');
  return { diner, orderId: created.orderId as number, intentId: order!.stripePaymentIntentId! };
}

describe('Stripe: the provider is the source of truth', () => {
  it('ignores a late amount_capturable_updated for a hold Stripe already cancelled', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 5000 });
    const { diner, orderId, intentId } = await heldOrder(event.id, taco.id);
    const authorized = fake.events.find(
      (e) => e.type === 'payment_intent.amount_capturable_updated' && e.object.id === intentId,
    )!;
    await fake.deliverEvents({ app }, { about: intentId });
    expect((await eventRow(database.db, event.id)).currentSales).toBe(1000);

    const cancel = await diner.post(`/api/events/${event.id}/cancel-payment`, { orderId });
    expect(cancel.statusCode).toBe(200);
    expect((await eventRow(database.db, event.id)).currentSales).toBe(0);

    // Stripe redelivers the old event (new delivery id, stale payload) five times.
    for (let i = 0; i < 5; i++) {
      const res = await fake.sendWebhook(
        { app },
        fake.eventPayload('payment_intent.amount_capturable_updated', authorized.object),
      );
      expect(res.status).toBe(200);
    }
    const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
    expect(order!.status).toBe('cancelled');
    expect((await eventRow(database.db, event.id)).currentSales).toBe(0);
  });

  it('does not re-count a lapsed hold when its old authorization event arrives late', async () => {
    const { event, taco } = await liveEvent(database.db, clock.now(), { minimumSales: 5000 });
    const { orderId, intentId } = await heldOrder(event.id, taco.id);
    const authorized = fake.events.find(
      (e) => e.type === 'payment_intent.amount_capturable_updated' && e.object.id === intentId,
    )!;
    await fake.deliverEvents({ app }, { about: intentId });
    fake.expireAuthorization(intentId);
    await fake.deliverEvents({ app }, { about: intentId });
    const [lapsed] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
    expect(lapsed!.status).toBe('failed');
    expect((await eventRow(database.db, event.id)).currentSales).toBe(0);

    for (let i = 0; i < 5; i++) {
      await fake.sendWebhook(
        { app },
        fake.eventPayload('payment_intent.amount_capturable_updated', authorized.object),
      );
    }
    const [order] = await database.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
    expect(order!.status).toBe('failed');
    expect((await eventRow(database.db, event.id)).currentSales).toBe(0);
  });

  it('refunds through Stripe once per order, whatever the replays', async () => {
    const { event, taco, organizer } = await liveEvent(database.db, clock.now(), { minimumSales: 1000 });
    const { intentId } = await heldOrder(event.id, taco.id);
    await fake.deliverEvents({ app }, { about: intentId });
    await app.ctx.reconciler.runOnce();
    expect(fake.paymentIntent(intentId)!.status).toBe('succeeded');
    expect((await eventRow(database.db, event.id)).status).toBe('confirmed');

    const owner = new Agent(app);
    await owner.login(organizer.username);
    expect((await owner.post(`/api/events/${event.id}/cancel`, { reason: 'Rained out' })).statusCode).toBe(
      200,
    );
    // Two instances' refund tasks, and a replay of the same key, at once.
    const second = await createTestApp(database, {
      now: clock.now,
      stripe: {
        secretKey: fake.secretKey,
        publishableKey: fake.publishableKey,
        webhookSecret: undefined,
        apiUrl: fake.url,
      },
    });
    await Promise.all([app.ctx.reconciler.runOnce(), second.ctx.reconciler.runOnce()]);
    const [placed] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.stripePaymentIntentId, intentId));
    const replay = await app.ctx.payments.refundPaymentIntent({
      paymentIntentId: intentId,
      metadata: { orderId: String(placed!.id), eventId: String(event.id) },
      idempotencyKey: `refund:${placed!.id}`,
    });
    await second.close();
    expect(replay.amount).toBe(1050);
    expect(fake.refundCountOf(intentId)).toBe(1);
    expect(fake.refundedOf(intentId)).toBe(1050);
    const [row] = await database.db
      .select()
      .from(pendingOrders)
      .where(eq(pendingOrders.stripePaymentIntentId, intentId));
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 1050 });
  });
});
