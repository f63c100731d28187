import { and, eq, isNotNull, lt, lte, or } from 'drizzle-orm';
import { HOLD_WINDOW_MS, STALE_PENDING_ORDER_MS } from '../../core/order-status';
import type { AppContext } from '../context';
import { pendingOrders } from '../db/schema';
import { syncOrder } from './sync-order';
import { lockEventAndOrder, transitionOrder } from './transition-order';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler'> & {
  log: { warn(obj: object, msg: string): void };
};

/** Orders whose last sync is older than this are asked about again (a lost webhook and a closed tab). */
const SWEEP_AFTER_MS = 60 * 1000;

/**
 * Reconciler task, the sweep: pending orders are synced with their intent (so a lost webhook and a
 * closed browser tab still end right), then those never authorized within an hour are cancelled;
 * old holds are checked for a lapse; failed orders past their 48-hour fix window are cancelled.
 */
export async function expireStaleOrders(ctx: Ctx): Promise<void> {
  const now = ctx.now();
  const toSweep = await ctx.db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .where(
      or(
        and(
          eq(pendingOrders.status, 'pending'),
          lt(pendingOrders.updatedAt, new Date(now.getTime() - SWEEP_AFTER_MS)),
        ),
        and(
          eq(pendingOrders.status, 'confirmed'),
          eq(pendingOrders.mode, 'hold'),
          lt(pendingOrders.authorizedAt, new Date(now.getTime() - HOLD_WINDOW_MS)),
        ),
      ),
    );
  for (const { id } of toSweep) {
    try {
      await syncOrder(ctx, id);
    } catch (error) {
      ctx.log.warn({ err: error, orderId: id }, 'sweep deferred');
    }
  }

  const stale = await ctx.db
    .select({ id: pendingOrders.id, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(
      or(
        and(
          eq(pendingOrders.status, 'pending'),
          lt(pendingOrders.createdAt, new Date(now.getTime() - STALE_PENDING_ORDER_MS)),
        ),
        and(
          eq(pendingOrders.status, 'failed'),
          isNotNull(pendingOrders.fixPaymentDeadline),
          lte(pendingOrders.fixPaymentDeadline, now),
        ),
      ),
    );
  for (const { id, eventId } of stale) {
    await ctx.db.transaction(async (tx) => {
      const { event, order } = await lockEventAndOrder(tx, eventId, id);
      if (!event || !order) return;
      const expired =
        (order.status === 'pending' && order.createdAt.getTime() < now.getTime() - STALE_PENDING_ORDER_MS) ||
        (order.status === 'failed' && order.fixPaymentDeadline !== null && order.fixPaymentDeadline <= now);
      if (!expired) return;
      await transitionOrder(tx, event, order, 'cancelled', {
        now,
        reason: order.status === 'pending' ? 'never authorized' : 'payment not fixed in time',
        patch: { cancelledAt: now },
      });
    });
  }
}
