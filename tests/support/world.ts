import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events, pendingOrders, reminderRequests } from '../../src/server/db/schema';
import { createReminderToken } from '../../src/server/reminders/reminder-token';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createUnsubscribeToken } from '../../src/server/updates/unsubscribe-token';
import { Agent } from './test-app';

export const CALLERS = [
  'anonymous',
  'organizerA',
  'organizerB',
  'truckA',
  'truckB',
  'admin',
  'diner',
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Every kind of caller with a signed-in agent, and rows each of them owns: organizer A's events
 * with truck A (one approved, one awaiting an answer, one an admin hid), truck A's menu, the
 * diner's own order (card held) and a second one already paid (with its pickup code), an update
 * organizer A posted with the diner's unsubscribe link, a reminder request's confirmation link,
 * and truck A's payout account.
 */
export async function buildWorld(app: FastifyInstance) {
  const db = app.ctx.db;
  const now = app.ctx.now();
  const [organizerA, organizerB, admin] = await Promise.all([
    createUser(db, { username: `orga_${Math.random().toString(36).slice(2, 8)}` }),
    createUser(db, { username: `orgb_${Math.random().toString(36).slice(2, 8)}` }),
    createUser(db, { username: `adm_${Math.random().toString(36).slice(2, 8)}`, role: 'admin' }),
  ]);
  const [truckA, truckB] = await Promise.all([
    createTruck(db, { username: `trka_${Math.random().toString(36).slice(2, 8)}` }),
    createTruck(db, {
      username: `trkb_${Math.random().toString(36).slice(2, 8)}`,
      businessName: 'Smoke Shack',
    }),
  ]);
  const taco = await createMenuItem(db, { foodTruckId: truckA.id, price: 1000 });
  const brisket = await createMenuItem(db, { foodTruckId: truckB.id, price: 1500 });
  const event = await createEvent(db, {
    organizerId: organizerA.id,
    foodTruckId: truckA.id,
    now,
    minimumSales: 100_000,
  });
  const pendingEvent = await createEvent(db, {
    organizerId: organizerA.id,
    foodTruckId: truckA.id,
    now,
    status: 'pending_approval',
    // Another day than `event`: a truck accepts one event per date (decision 170).
    daysAhead: 4,
  });

  const agents: Record<Caller, Agent> = {
    anonymous: new Agent(app, '10.9.0.1'),
    organizerA: new Agent(app, '10.9.0.2'),
    organizerB: new Agent(app, '10.9.0.3'),
    truckA: new Agent(app, '10.9.0.4'),
    truckB: new Agent(app, '10.9.0.5'),
    admin: new Agent(app, '10.9.0.6'),
    diner: new Agent(app, '10.9.0.7'),
  };
  await agents.organizerA.login(organizerA.username);
  await agents.organizerB.login(organizerB.username);
  await agents.truckA.login(truckA.username);
  await agents.truckB.login(truckB.username);
  await agents.admin.login(admin.username);

  const created = await agents.diner.post(`/api/events/${event.id}/create-payment-intent`, {
    items: [{ menuItemId: taco.id, quantity: 2 }],
    customerName: 'Dana Diner',
    customerEmail: 'dana@example.com',
    amount: 2100,
    platformFeePercentage: 5,
  });
  if (created.statusCode !== 200) throw new Error(`order: ${created.statusCode} ${created.body}`);
  const order = created.json() as { orderId: number; clientSecret: string };
  const confirm = await agents.diner.post('/api/payments/simulator/confirm', {
    clientSecret: order.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  await agents.diner.post(`/api/events/${event.id}/orders/${order.orderId}/sync`);

  // A second order, paid: what the truck hands over at the window by its pickup code.
  const second = await agents.diner.post(`/api/events/${event.id}/create-payment-intent`, {
    items: [{ menuItemId: taco.id, quantity: 1 }],
    customerName: 'Dana Diner',
    customerEmail: 'dana@example.com',
    amount: 1050,
    platformFeePercentage: 5,
  });
  if (second.statusCode !== 200) throw new Error(`second order: ${second.statusCode} ${second.body}`);
  const paid = second.json() as { orderId: number; clientSecret: string };
  await agents.diner.post('/api/payments/simulator/confirm', {
    clientSecret: paid.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  await agents.diner.post(`/api/events/${event.id}/orders/${paid.orderId}/sync`);
  // Charged as the capture would leave it (the capture itself is the money engine's tests' business).
  const [paidOrder] = await db
    .update(pendingOrders)
    .set({ status: 'charged', chargedAt: now })
    .where(eq(pendingOrders.id, paid.orderId))
    .returning();
  if (!paidOrder?.pickupCode) throw new Error('the paid order has no pickup code');

  const hiddenEvent = await createEvent(db, {
    organizerId: organizerA.id,
    foodTruckId: truckA.id,
    now,
  });
  await db.update(events).set({ hidden: true }).where(eq(events.id, hiddenEvent.id));

  const update = await agents.organizerA.post(`/api/events/${event.id}/updates`, {
    text: 'Parking is behind the gym.',
  });
  if (update.statusCode !== 201) throw new Error(`update: ${update.statusCode} ${update.body}`);
  const secret = app.ctx.config.sessionSecret;
  const unsubscribeToken = createUnsubscribeToken(secret, event.id, 'dana@example.com');

  const remind = await agents.anonymous.post(`/api/events/${event.id}/reminders`, {
    email: 'remind-me@example.com',
  });
  if (remind.statusCode !== 202) throw new Error(`reminder: ${remind.statusCode} ${remind.body}`);
  const [reminder] = await db
    .select()
    .from(reminderRequests)
    .where(eq(reminderRequests.email, 'remind-me@example.com'));
  const reminderToken = createReminderToken(secret, reminder!.id);

  const onboarding = await agents.truckA.post('/api/payouts/account/onboarding');
  if (onboarding.statusCode !== 200)
    throw new Error(`onboarding: ${onboarding.statusCode} ${onboarding.body}`);

  return {
    users: { organizerA, organizerB, admin, truckA, truckB },
    taco,
    brisket,
    event,
    pendingEvent,
    hiddenEvent,
    orderId: order.orderId,
    paidOrder: { id: paidOrder.id, pickupCode: paidOrder.pickupCode },
    unsubscribeToken,
    reminderToken,
    clientSecret: order.clientSecret,
    agents,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
