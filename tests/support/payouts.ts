import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { computeUnitPrice } from '../../src/core/pricing';
import type { SimulatorGateway } from '../../src/server/adapters/payments/simulator-gateway';
import { pendingOrderItems, pendingOrders, simulatorIntents } from '../../src/server/db/schema';

let sequence = 0;

/**
 * A diner's order as the money engine leaves it once charged: a succeeded simulator PaymentIntent
 * and a `charged` order with its lines at the prices of the time. For payout tests, which start
 * where the order engine ends.
 */
export async function chargedOrder(
  app: FastifyInstance,
  event: { id: number; priceMarkupPercentage: number },
  lines: Array<{ menuItemId: number; quantity: number; baseCents: number }>,
  /** Charges the amount at the provider and answers the PaymentIntent's id (default: the simulator). */
  charge?: (amount: number) => Promise<string>,
) {
  const priced = lines.map((l) => ({
    ...l,
    unitCents: computeUnitPrice(l.baseCents, event.priceMarkupPercentage),
  }));
  const total = priced.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const subtotal = priced.reduce((sum, l) => sum + l.baseCents * l.quantity, 0);
  const intentId = charge ? await charge(total) : await simulatorCharge(app, event.id, total);
  const [order] = await app.ctx.db
    .insert(pendingOrders)
    .values({
      eventId: event.id,
      customerName: 'Dana Diner',
      customerEmail: 'dana@example.com',
      stripePaymentIntentId: intentId,
      captureMethod: 'automatic',
      status: 'charged',
      totalAmount: total,
      subtotalAmount: subtotal,
      chargedAt: app.ctx.now(),
    })
    .returning();
  await app.ctx.db.insert(pendingOrderItems).values(
    priced.map((l) => ({
      pendingOrderId: order!.id,
      menuItemId: l.menuItemId,
      quantity: l.quantity,
      priceAtTime: l.unitCents,
      basePriceAtTime: l.baseCents,
    })),
  );
  return order!;
}

async function simulatorCharge(app: FastifyInstance, eventId: number, amount: number): Promise<string> {
  const simulator = app.ctx.payments as unknown as SimulatorGateway;
  const intent = await simulator.createPaymentIntent({
    amount,
    currency: 'usd',
    captureMethod: 'automatic',
    metadata: { eventId: String(eventId) },
    idempotencyKey: `test-charge:${process.pid}:${sequence++}`,
  });
  await app.ctx.db
    .update(simulatorIntents)
    .set({ status: 'succeeded', paymentMethod: 'pm_sim_test' })
    .where(eq(simulatorIntents.id, intent.id));
  return intent.id;
}

/** A refund as the money engine records it: the order `refunded`, the provider's intent refunded. */
export async function refundOrder(app: FastifyInstance, orderId: number, amount?: number) {
  const [order] = await app.ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  const refunded = amount ?? order!.totalAmount;
  await app.ctx.db
    .update(pendingOrders)
    .set({ status: 'refunded', refundedAmount: refunded, refundedAt: app.ctx.now() })
    .where(eq(pendingOrders.id, orderId));
  if (app.ctx.payments.provider === 'simulator') {
    await app.ctx.db
      .update(simulatorIntents)
      .set({ amountRefunded: refunded })
      .where(eq(simulatorIntents.id, order!.stripePaymentIntentId!));
  }
}
