import { and, eq, isNotNull, lt, lte, or } from 'drizzle-orm';
import { HOLD_WINDOW_MS, STALE_PENDING_ORDER_MS } from '../../core/order-status';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { releaseOrder } from './release-order';
import { syncOrder, type EngineCtx } from './sync-order';
import { lockEventAndOrder, transitionOrder } from './transition-order';

/** Orders whose last sync is older than this are asked about again (a lost webhook and a closed tab). */
const SWEEP_AFTER_MS = 60 * 1000;

/**
 * Reconciler task, the sweep: pending orders are synced with their intent (so a lost webhook and a
 * closed browser tab still end right), old holds are checked for a lapse; pending orders never
 * authorized within an hour, and failed orders past their 48-hour window, are ended at the provider
 * first (their intent canceled, so a late confirmation can't charge them) and then here.
 */
export async function expireStaleOrders(ctx: EngineCtx): Promise<void> {
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
    .select()
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
  for (const order of stale) {
    if (order.stripePaymentIntentId) await releaseOrder(ctx, order);
    else await endUnpaidOrder(ctx, order.id);
  }
}

/** A saved-card order never saved, or never fixed: nothing is held at the provider. */
async function endUnpaidOrder(ctx: EngineCtx, orderId: number): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ eventId: pendingOrders.eventId })
      .from(pendingOrders)
      .where(eq(pendingOrders.id, orderId));
    if (!row) return;
    const { event, order } = await lockEventAndOrder(tx, row.eventId, orderId);
    if (!event || !order || (order.status !== 'pending' && order.status !== 'failed')) return;
    await transitionOrder(tx, event, order, 'cancelled', {
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: order.status === 'pending' ? 'never authorized' : 'payment not fixed in time',
      patch: { cancelledAt: now },
    });
  });
}
