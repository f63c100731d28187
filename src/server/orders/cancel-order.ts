import { and, eq } from 'drizzle-orm';
import { isCancellableByDiner } from '../../core/order-status';
import type { AppContext } from '../context';
import { pendingOrders } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { enqueueMail } from '../outbox/enqueue-mail';
import { canAccessOrder } from './order-access';
import { orderCancelledMail } from './order-mail';
import { lockEventAndOrder, transitionOrder } from './transition-order';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler'>;

/**
 * The diner cancels before the charge. The order leaves the goal in one transaction; the hold is
 * released right after, and by the reconciler if this process dies first. Someone without the
 * session or the receipt link learns nothing: the answer is the same 404 as for no order at all.
 */
export async function cancelOrder(
  ctx: Ctx,
  eventId: number,
  find: { paymentIntentId?: string; orderId?: number },
  access: { visitorKey: string | undefined; token: string | undefined },
) {
  const where = find.orderId
    ? and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.id, find.orderId))
    : and(
        eq(pendingOrders.eventId, eventId),
        eq(pendingOrders.stripePaymentIntentId, find.paymentIntentId ?? ''),
      );
  const [found] = await ctx.db.select().from(pendingOrders).where(where);
  if (!found || !canAccessOrder(found, { ...access, secret: ctx.config.sessionSecret }))
    throw notFound('Order not found');
  const now = ctx.now();
  const order = await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, found.eventId, found.id);
    if (!event || !current) throw notFound('Order not found');
    if (current.status === 'cancelled') return current;
    if (!isCancellableByDiner(current.status) && current.status !== 'failed') {
      throw conflict('This order has already been charged and can no longer be cancelled');
    }
    if (current.status === 'confirmed' && current.captureClaimedAt) {
      throw conflict(
        'This order is being charged now that the event reached its goal, and can no longer be cancelled',
      );
    }
    const wasHeld = current.status !== 'pending';
    const result = await transitionOrder(tx, event, current, 'cancelled', {
      now,
      reason: 'cancelled by diner',
      patch: { cancelledAt: now },
    });
    if (wasHeld) await enqueueMail(tx, orderCancelledMail(result.order, result.event, 'diner'));
    return result.order;
  });
  if (order.stripePaymentIntentId && !order.releasedAt) {
    try {
      await ctx.payments.cancelPaymentIntent(order.stripePaymentIntentId, `cancel:${order.id}`);
      await ctx.db.update(pendingOrders).set({ releasedAt: ctx.now() }).where(eq(pendingOrders.id, order.id));
    } catch {
      ctx.reconciler.nudge();
    }
  }
  return order;
}
