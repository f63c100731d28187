import { and, eq } from 'drizzle-orm';
import { dinerCancelRefusal, isEntitledByChange } from '../../core/order-status';
import type { Tx } from '../db/client';
import { pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { canAccessOrder } from '../access/order-access';
import { releaseOrder } from './release-order';
import type { EngineCtx } from './sync-order';
import { CANCELLED_AFTER_CHANGE } from './refund-mail';
import { lockEventAndOrder } from '../engine/locks';
import { markRefundDue, transitionOrder } from '../engine/order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;

export interface CancelResult {
  order: OrderRow;
  /** The provider has confirmed the release; false: it will be, as soon as the provider answers. */
  released: boolean;
  /** A charge the diner may take back (the event changed after the order): the refund task returns it. */
  refunding: boolean;
}

/**
 * The diner cancels (docs/decisions/015-money-engine.md): allowed until the event reaches its goal, or,
 * when the event's date, times or place changed after the order, until the new start: a charge is then
 * marked for a full refund, leaving the goal's sales at once, and the refund task returns it
 * (docs/decisions/131-diners-may-leave-a-changed-event.md).
 * The order leaves the goal under the event's lock, so it can never be counted in a crossing, then the
 * provider is asked to release the hold; the order is `cancelled` only once it confirms. Someone
 * without the session or the receipt link learns nothing: the answer is the same 404 as for no order.
 */
export async function cancelOrder(
  ctx: EngineCtx,
  eventId: number,
  find: { paymentIntentId?: string; orderId?: number },
  access: { visitorKey: string | undefined; token: string | undefined },
): Promise<CancelResult> {
  const where = find.orderId
    ? and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.id, find.orderId))
    : and(
        eq(pendingOrders.eventId, eventId),
        eq(pendingOrders.stripePaymentIntentId, find.paymentIntentId ?? ''),
      );
  const [found] = await ctx.db.select().from(pendingOrders).where(where);
  if (!found || !canAccessOrder(found, { ...access, secret: ctx.config.sessionSecret }))
    throw new DomainError('order_not_found', 'Order not found');
  const now = ctx.now();
  const requested = await ctx.db.transaction(async (tx: Tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.eventId, found.id);
    if (!event || !order) throw new DomainError('order_not_found', 'Order not found');
    if (order.status === 'cancelled' || order.status === 'cancelling') return order;
    if (order.status === 'charged' && order.refundDueAt) return order;
    const changedSinceOrder = isEntitledByChange(event, order, now);
    const refusal = dinerCancelRefusal(event.status, order.status, { changedSinceOrder });
    if (refusal) throw new DomainError('order_not_cancellable', refusal);
    if (order.status === 'charged') {
      const result = await markRefundDue(tx, event, order, {
        now,
        reason: CANCELLED_AFTER_CHANGE,
        baseUrl: publicBaseUrl(ctx.config),
      });
      return result.order;
    }
    const result = await transitionOrder(tx, event, order, 'cancelling', {
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: 'diner asked to cancel',
      patch: { cancelRequestedBy: 'diner' },
    });
    return result.order;
  });
  if (requested.status === 'cancelling') {
    const outcome = await releaseOrder(ctx, requested);
    if (outcome === 'charged') {
      throw new DomainError(
        'order_already_charged',
        'This payment had already gone through; it is being refunded to your card automatically',
      );
    }
    if (outcome === 'deferred') ctx.reconciler.nudge();
  }
  const refunding = requested.status === 'charged' && requested.refundDueAt !== null;
  if (refunding) ctx.reconciler.nudge();
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, found.id));
  return { order: order!, released: order!.status === 'cancelled', refunding };
}
