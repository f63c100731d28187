import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { CLAIM_LEASE_MS } from '../jobs/claim-lease';
import { runPool } from '../jobs/run-pool';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderRefundedMail } from './refund-mail';
import { linkFor, type EngineCtx } from './sync-order';
import { lockEventAndOrder, transitionOrder } from './transition-order';

type OrderRow = typeof pendingOrders.$inferSelect;

const BATCH = 100;

/**
 * Reconciler task: every charge marked for refund (its event failed or was called off, or it landed on
 * a cancelled order) is refunded in full with the key `refund:<orderId>`, so a replay after a crash or
 * a second instance never gives money back twice; then the order is `refunded` and the diner told.
 */
export async function refundDueOrders(ctx: EngineCtx): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimBatch(ctx);
    if (claimed.length === 0) return done;
    await runPool(claimed, ctx.config.payments.captureConcurrency, async (order) => {
      if (await refundOrder(ctx, order)) done++;
    });
    if (ctx.reconciler.halted) return done;
  }
}

async function claimBatch(ctx: EngineCtx): Promise<OrderRow[]> {
  const now = ctx.now();
  const due = ctx.db
    .select({ id: pendingOrders.id })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.status, 'charged'),
        isNotNull(pendingOrders.refundDueAt),
        isNull(pendingOrders.refundedAt),
        or(
          isNull(pendingOrders.refundClaimedAt),
          lt(pendingOrders.refundClaimedAt, new Date(now.getTime() - CLAIM_LEASE_MS)),
        ),
      ),
    )
    .orderBy(pendingOrders.id)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(pendingOrders)
    .set({ refundClaimedAt: now })
    .where(inArray(pendingOrders.id, due))
    .returning();
}

async function refundOrder(ctx: EngineCtx, order: OrderRow): Promise<boolean> {
  if (!order.stripePaymentIntentId) return false;
  let amount: number;
  try {
    const refund = await ctx.payments.refundPaymentIntent({
      paymentIntentId: order.stripePaymentIntentId,
      metadata: { orderId: String(order.id), eventId: String(order.eventId) },
      idempotencyKey: `refund:${order.id}`,
    });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      ctx.log.error(
        { alert: 'refund-failed', orderId: order.id, refundId: refund.id },
        'the provider refused a refund: it needs a person',
      );
      return false;
    }
    amount = refund.amount;
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'refund deferred');
    return false;
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, order.eventId, order.id);
    if (!event || !current || current.status !== 'charged') return;
    const result = await transitionOrder(tx, event, current, 'refunded', {
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: current.refundReason ?? 'refunded',
      patch: { refundedAmount: amount, refundedAt: now },
    });
    await enqueueMail(tx, orderRefundedMail(result.order, result.event, linkFor(ctx, current)));
  });
  return true;
}
