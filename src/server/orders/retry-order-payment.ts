import { eq } from 'drizzle-orm';
import { acceptsHolds, shouldChargeNow } from '../../core/event-status';
import { events, pendingOrders } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { canAccessOrder } from './order-access';
import type { EngineCtx } from './sync-order';

/**
 * The fix-your-payment path: an order whose charge failed or whose hold lapsed gets a fresh intent,
 * within its 48-hour window. After the goal it is charged at once; before it, held again.
 */
export async function retryOrderPayment(
  ctx: EngineCtx,
  eventId: number,
  orderId: number,
  access: { visitorKey: string | undefined; token: string | undefined },
) {
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (
    !order ||
    order.eventId !== eventId ||
    !canAccessOrder(order, { ...access, secret: ctx.config.sessionSecret })
  ) {
    throw notFound('Order not found');
  }
  if (order.status !== 'failed') throw conflict('This order does not need a new payment');
  const now = ctx.now();
  if (order.fixPaymentDeadline && order.fixPaymentDeadline <= now)
    throw conflict('The time to fix this payment has passed');
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event || !acceptsHolds(event.status)) throw conflict('This event is no longer taking orders');
  const chargeNow = shouldChargeNow(event.status);
  const captureMethod = chargeNow ? 'automatic' : 'manual';
  // One fresh intent per refused one: a double click gets the same intent back.
  const intent = await ctx.payments.createPaymentIntent({
    amount: order.totalAmount,
    captureMethod,
    description: `Pre-order #${order.id} (new payment)`,
    metadata: { orderId: String(order.id), eventId: String(order.eventId) },
    idempotencyKey: `retry:${order.id}:${order.stripePaymentIntentId ?? order.stripeSetupIntentId ?? 'none'}:${captureMethod}`,
  });
  await ctx.db
    .update(pendingOrders)
    .set({ stripePaymentIntentId: intent.id, mode: 'hold', captureMethod, captureClaimedAt: null })
    .where(eq(pendingOrders.id, order.id));
  return {
    orderId: order.id,
    clientSecret: intent.clientSecret!,
    amount: order.totalAmount,
    mode: 'hold' as const,
    chargeNow,
  };
}
