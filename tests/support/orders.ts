import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { events, pendingOrders, simulatorIntents } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import type { Agent } from './test-app';

/** Claims an event's held orders for capture the way the reconciler does, for crash tests. */
export async function claimForTest(app: FastifyInstance, eventId: number) {
  return app.ctx.db
    .update(pendingOrders)
    .set({ captureClaimedAt: app.ctx.now() })
    .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.status, 'confirmed')))
    .returning();
}

/** An approved event of a new organizer and truck with one $10.00 taco on the menu. */
export async function liveEvent(
  db: Db,
  now: Date,
  overrides: {
    minimumSales?: number;
    daysAhead?: number;
    priceMarkupPercentage?: number;
    status?: 'approved' | 'confirmed' | 'processing';
  } = {},
) {
  const organizer = await createUser(db, { contactEmail: `organizer-${Date.now()}@example.com` });
  const truck = await createTruck(db);
  const taco = await createMenuItem(db, { foodTruckId: truck.id, price: 1000 });
  const event = await createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now,
    daysAhead: overrides.daysAhead ?? 3,
    minimumSales: overrides.minimumSales ?? 5000,
    priceMarkupPercentage: overrides.priceMarkupPercentage ?? 0,
    status: overrides.status ?? 'approved',
  });
  return { event, taco, truck, organizer };
}

/** A checkout body for `quantity` tacos at `unitCents` each (the diner's price, fee included). */
export function orderBody(
  menuItemId: number,
  quantity: number,
  unitCents: number,
  email = 'diner@example.com',
) {
  return {
    items: [{ menuItemId, quantity, unitPrice: unitCents / 100, name: 'Taco' }],
    customerName: 'Dana Diner',
    customerEmail: email,
    amount: unitCents * quantity,
    markupPercentage: 0,
    platformFeePercentage: 5,
  };
}

/** What a diner's browser does: create the intent, confirm the card in the simulator, then sync. */
export async function placeOrder(
  agent: Agent,
  eventId: number,
  menuItemId: number,
  quantity: number,
  card = '4242424242424242',
  email?: string,
) {
  const res = await agent.post(
    `/api/events/${eventId}/create-payment-intent`,
    orderBody(menuItemId, quantity, 1050, email),
  );
  if (res.statusCode !== 200) throw new Error(`create-payment-intent ${res.statusCode} ${res.body}`);
  const created = res.json();
  const confirm = await confirmCard(agent, created.clientSecret, card);
  if (confirm.statusCode === 200) await agent.post(`/api/events/${eventId}/orders/${created.orderId}/sync`);
  return { created, confirm };
}

export function confirmCard(agent: Agent, clientSecret: string, card = '4242424242424242') {
  return agent.post('/api/payments/simulator/confirm', {
    clientSecret,
    cardNumber: card,
    expiry: '12/30',
    cvc: '123',
  });
}

export async function eventRow(db: Db, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row!;
}

/**
 * Every order of the event beside its intent at the (simulated) provider: the invariant of the whole
 * engine is that the two agree once the dust settles.
 */
export async function ordersWithIntents(db: Db, eventId: number) {
  return db
    .select({
      id: pendingOrders.id,
      status: pendingOrders.status,
      refundDueAt: pendingOrders.refundDueAt,
      refundedAmount: pendingOrders.refundedAmount,
      totalAmount: pendingOrders.totalAmount,
      intentStatus: simulatorIntents.status,
      amountRefunded: simulatorIntents.amountRefunded,
    })
    .from(pendingOrders)
    .leftJoin(simulatorIntents, eq(simulatorIntents.id, pendingOrders.stripePaymentIntentId))
    .where(eq(pendingOrders.eventId, eventId));
}
