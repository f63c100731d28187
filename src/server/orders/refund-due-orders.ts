import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { GatewayRefund } from '../adapters/payments/payment-gateway';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMail } from '../outbox/enqueue-mail';
import { refundInBatches, type RefundQueue } from './refund-batches';
import { applyCorrectionRefundUpdate } from './refund-corrections';
import { orderRefundedMail } from './refund-mail';
import { linkFor, type EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { transitionOrder } from '../engine/order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;

/** After a failed refund, the next try waits 1 hour, then 2, 4 … up to a day. */
const REFUND_RETRY_MS = 60 * 60 * 1000;
const REFUND_RETRY_CAP_MS = 24 * 60 * 60 * 1000;
/** What the diner and the organizer read about a refund the provider could not make. */
export const REFUND_FAILED_TEXT = 'The refund to your card failed; we are trying again.';

/**
 * Reconciler task: every charge marked for refund (its event failed or was called off, or it landed on
 * a cancelled order) is refunded in full with the key `refund:<orderId>` (`refund:<orderId>:<n>` for
 * the n-th try after a failed one), so a replay after a crash or a second instance never gives money
 * back twice; then the order is `refunded` and the diner told. A refund the provider refuses, at once or
 * later (`charge.refund.updated`), puts the order back to "refund failed", retried with a backoff.
 */
export async function refundDueOrders(ctx: EngineCtx): Promise<number> {
  return refundInBatches(ctx, dueRefunds, refundOrder);
}

/** Charged orders marked for refund, the refund's time come, and not refunded yet. */
const dueRefunds: RefundQueue<typeof pendingOrders> = {
  table: pendingOrders,
  due: (now) =>
    and(
      eq(pendingOrders.status, 'charged'),
      isNotNull(pendingOrders.refundDueAt),
      lte(pendingOrders.refundDueAt, now),
      isNull(pendingOrders.refundedAt),
    ),
  claimedAt: pendingOrders.refundClaimedAt,
  claim: (now) => ({ refundClaimedAt: now }),
};

/** The key of this order's current refund try: the first keeps the key every earlier version used. */
export function refundKey(order: Pick<OrderRow, 'id' | 'refundAttempts'>): string {
  return order.refundAttempts === 0 ? `refund:${order.id}` : `refund:${order.id}:${order.refundAttempts}`;
}

async function refundOrder(ctx: EngineCtx, order: OrderRow): Promise<boolean> {
  if (!order.stripePaymentIntentId) return false;
  // What the truck's corrections already took off is refunded by them (docs/decisions/135): this
  // refund gives back only the rest. Without corrections the request is the whole charge, as before.
  const rest = order.totalAmount - order.correctedAmount;
  if (rest <= 0) return finishRefund(ctx, order, { amount: 0 });
  let refund: GatewayRefund;
  try {
    refund = await ctx.payments.refundPaymentIntent({
      paymentIntentId: order.stripePaymentIntentId,
      ...(order.correctedAmount > 0 ? { amount: rest } : {}),
      metadata: { orderId: String(order.id), eventId: String(order.eventId) },
      idempotencyKey: refundKey(order),
    });
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'refund deferred');
    return false;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await recordRefundFailure(ctx, order.id, refund);
    return false;
  }
  return finishRefund(ctx, order, refund);
}

async function finishRefund(ctx: EngineCtx, order: OrderRow, refund: { amount: number }): Promise<boolean> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, order.eventId, order.id);
    // Only this try's answer: if its failure was reported first, the order already waits for the next.
    if (!event || !current || current.status !== 'charged') return;
    if (current.refundAttempts !== order.refundAttempts) return;
    const result = await transitionOrder(tx, event, current, 'refunded', {
      now,
      baseUrl: publicBaseUrl(ctx.config),
      reason: current.refundReason ?? 'refunded',
      patch: {
        refundedAmount: current.correctedAmount + refund.amount,
        refundedAt: now,
        refundFailure: null,
      },
    });
    await enqueueMail(tx, orderRefundedMail(result.order, result.event, linkFor(ctx, current)));
  });
  return true;
}

/**
 * The provider could not make a refund (refused at once, or `charge.refund.updated` with status
 * `failed` later; a failed refund never succeeds afterwards, so that news can't be stale). The order is
 * owed back again: `charged` with a refund due after a backoff, its next try under a new key, shown as
 * "refund failed" to the diner and the organizer, and alerted.
 */
export async function recordRefundFailure(
  ctx: EngineCtx,
  orderId: number | undefined,
  refund: GatewayRefund,
): Promise<void> {
  const [row] = await ctx.db
    .select({ id: pendingOrders.id, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(
      orderId !== undefined
        ? eq(pendingOrders.id, orderId)
        : eq(pendingOrders.stripePaymentIntentId, refund.paymentIntent),
    );
  if (!row) return;
  const now = ctx.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, row.eventId, row.id);
    if (!event || !order || (order.status !== 'charged' && order.status !== 'refunded')) return false;
    // This try's news only: a try that already failed was counted, and a later try has its own key.
    if (order.status === 'charged' && order.refundFailedAt && order.refundClaimedAt === null) return false;
    // No whole refund under way: the news is a correction's, which `refund-corrections` handles.
    if (order.status === 'charged' && order.refundDueAt === null) return false;
    const delay = Math.min(REFUND_RETRY_MS * 2 ** order.refundAttempts, REFUND_RETRY_CAP_MS);
    const patch = {
      refundDueAt: new Date(now.getTime() + delay),
      refundClaimedAt: null,
      refundedAt: null,
      refundedAmount: order.correctedAmount > 0 ? order.correctedAmount : null,
      refundFailedAt: now,
      refundFailure: REFUND_FAILED_TEXT,
      refundAttempts: order.refundAttempts + 1,
    };
    if (order.status === 'refunded') {
      await transitionOrder(tx, event, order, 'charged', {
        now,
        baseUrl: publicBaseUrl(ctx.config),
        reason: 'refund failed',
        patch,
      });
    } else {
      await tx
        .update(pendingOrders)
        .set({ ...patch, updatedAt: now })
        .where(eq(pendingOrders.id, order.id));
    }
    return true;
  });
  if (changed) {
    ctx.log.error(
      { alert: 'refund-failed', orderId: row.id, refundId: refund.id, paymentIntentId: refund.paymentIntent },
      'the provider could not make a refund: it is owed again and will be retried',
    );
  }
}

/** `charge.refund.updated`: only a failure changes anything here. */
export async function applyRefundUpdate(ctx: EngineCtx, refund: GatewayRefund): Promise<void> {
  if (refund.status !== 'failed') return;
  if (await applyCorrectionRefundUpdate(ctx, refund)) return;
  await recordRefundFailure(ctx, undefined, refund);
}
