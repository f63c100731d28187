import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { HOLD_WINDOW_MS, STALE_PENDING_ORDER_MS } from '../../core/order-status';
import { claimRows } from '../db/claim-rows';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { runPool } from '../jobs/run-pool';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderCancelledMail } from './order-mail';
import { releaseOrder } from './release-order';
import { syncOrder, type EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { transitionOrder } from '../engine/order-engine';

/** Orders whose last sync is older than this are asked about again (a lost webhook and a closed tab). */
const SWEEP_AFTER_MS = 60 * 1000;
/** The wait before an order is looked at again, doubled with each look, up to the cap. */
const SWEEP_BACKOFF_MS = 60 * 1000;
const SWEEP_BACKOFF_CAP_MS = 15 * 60 * 1000;
/** Orders one pass looks at, and how many of them at once: the sweep never takes the provider's budget. */
const SWEEP_BATCH = 25;
const SWEEP_CONCURRENCY = 2;

/**
 * Reconciler task, the sweep (it runs in its own lane, beside the money tasks, never before them):
 * pending orders are synced with their intent (so a lost webhook and a closed browser tab still end
 * right), old holds are checked for a lapse; pending orders never authorized within an hour, and failed
 * orders past their window, are ended at the provider first (their intent canceled, so a late
 * confirmation can't charge them) and then here.
 *
 * Each order is claimed (a conditional update over `FOR UPDATE SKIP LOCKED`, so two instances never look
 * at one order at once) and its next look pushed back, 1, 2, 4 … up to 15 minutes: a pass reads only
 * the orders due now, through an index, and a crowd of abandoned checkouts costs a few provider calls
 * per pass, not one per order on every tick of every instance.
 */
export async function expireStaleOrders(ctx: EngineCtx): Promise<number> {
  const claimed = await claimDue(ctx);
  const now = ctx.now();
  await runPool(claimed, SWEEP_CONCURRENCY, async (order) => {
    if (ctx.reconciler.halted) return;
    try {
      if (isDueToEnd(order, now)) {
        if (order.stripePaymentIntentId) await releaseOrder(ctx, order);
        else await endUnpaidOrder(ctx, order.id);
      } else {
        await syncOrder(ctx, order);
      }
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'sweep deferred');
    }
  });
  return claimed.length;
}

type OrderRow = typeof pendingOrders.$inferSelect;

function isDueToEnd(order: OrderRow, now: Date): boolean {
  if (order.status === 'pending') return order.createdAt.getTime() <= now.getTime() - STALE_PENDING_ORDER_MS;
  return order.status === 'failed' && order.fixPaymentDeadline !== null && order.fixPaymentDeadline <= now;
}

async function claimDue(ctx: EngineCtx): Promise<OrderRow[]> {
  const now = ctx.now();
  return claimRows(
    ctx.db,
    pendingOrders,
    {
      where: and(
        or(isNull(pendingOrders.sweepAfter), lte(pendingOrders.sweepAfter, now)),
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
          and(
            eq(pendingOrders.status, 'failed'),
            isNotNull(pendingOrders.fixPaymentDeadline),
            lte(pendingOrders.fixPaymentDeadline, now),
          ),
        ),
      ),
      orderBy: [sql`${pendingOrders.sweepAfter} asc nulls first`, pendingOrders.id],
      limit: SWEEP_BATCH,
    },
    {
      sweepAfter: sql`${now.toISOString()}::timestamptz + least(
        ${SWEEP_BACKOFF_MS}::bigint * power(2, least(${pendingOrders.sweepAttempts}, 20))::bigint,
        ${SWEEP_BACKOFF_CAP_MS}::bigint) * interval '1 millisecond'`,
      sweepAttempts: sql`${pendingOrders.sweepAttempts} + 1`,
    },
  );
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
    const result = await transitionOrder(tx, event, order, 'cancelled', {
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: order.status === 'pending' ? 'never authorized' : 'payment not fixed in time',
      patch: { cancelledAt: now },
    });
    if (order.status === 'failed') {
      await enqueueMail(tx, orderCancelledMail(result.order, result.event, 'unpaid'));
    }
  });
}
