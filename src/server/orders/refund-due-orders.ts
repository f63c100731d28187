import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { planRefundRefusal } from '../../core/refund-refusals';
import { refundRefusalOf, type GatewayRefund } from '../adapters/payments/payment-gateway';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMail } from '../outbox/enqueue-mail';
import { refundInBatches, type RefundQueue } from './refund-batches';
import { applyCorrectionRefundUpdate } from './refund-corrections';
import { orderRefundedMail } from './refund-mail';
import { countedCorrectionCents, tellTruckRefundRefused } from './refund-refusal';
import { linkFor } from './carry-out-payment-plan';
import type { EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { carryOutOrderMove, orderState, transitionOrder } from '../engine/order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;

/**
 * Reconciler task: every charge marked for refund (its event failed or was called off, or it landed on
 * a cancelled order) is refunded in full with the key `refund:<orderId>` (`refund:<orderId>:<n>` for
 * the n-th try after a failed one), so a replay after a crash or a second instance never gives money
 * back twice; then the order is `refunded` and the diner told. A refund the provider refuses, at once or
 * later (`charge.refund.updated`), puts the order back to "refund failed", retried with a doubling
 * backoff `REFUND_TRIES` times in all, then left for an admin to settle (docs/decisions/213).
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
      isNull(pendingOrders.refundGaveUpAt),
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
    const refusal = refundRefusalOf(error);
    if (refusal !== null) {
      // Refused outright: the next try gets a new key (this one answers the same refusal for a day).
      ctx.log.warn({ err: error, orderId: order.id }, 'refund refused');
      await recordRefundFailure(ctx, order.id, {
        id: null,
        paymentIntent: order.stripePaymentIntentId,
        failureReason: refusal,
      });
      return false;
    }
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
        // The corrections really refunded, and this refund of the rest (decision 213).
        refundedAmount: (await countedCorrectionCents(tx, current.id)) + refund.amount,
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
 * `failed` later). What that means is `planRefundRefusal`'s (src/core/refund-refusals.ts): the order owed
 * back again with its next try after a backoff, or given up for an admin, and the truck told. Here the
 * order and its event are locked, the plan carried out in that transaction, and an operator alerted.
 */
export async function recordRefundFailure(
  ctx: EngineCtx,
  orderId: number | undefined,
  refund: Pick<GatewayRefund, 'paymentIntent' | 'failureReason'> & { id: string | null },
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
    if (!event || !order) return false;
    const plan = planRefundRefusal({
      order: {
        ...orderState(order),
        refundDueAt: order.refundDueAt,
        refundClaimedAt: order.refundClaimedAt,
        refundFailedAt: order.refundFailedAt,
        refundGaveUpAt: order.refundGaveUpAt,
        refundAttempts: order.refundAttempts,
        totalCents: order.totalAmount,
        correctedCents: order.correctedAmount,
      },
      countedCorrectionCents: await countedCorrectionCents(tx, order.id),
      failureReason: refund.failureReason,
      now,
    });
    if (plan.kind === 'ignore') return false;
    if (plan.move) {
      await carryOutOrderMove(tx, event, order, plan.move, {
        now,
        baseUrl: publicBaseUrl(ctx.config),
        patch: plan.patch,
      });
    } else {
      const { patch } = plan;
      // Named column by column: the engine's guard reads which columns a write outside it touches.
      await tx
        .update(pendingOrders)
        .set({
          refundDueAt: patch.refundDueAt,
          refundClaimedAt: patch.refundClaimedAt,
          refundedAt: patch.refundedAt,
          refundedAmount: patch.refundedAmount,
          refundFailedAt: patch.refundFailedAt,
          refundFailure: patch.refundFailure,
          refundAttempts: patch.refundAttempts,
          refundGaveUpAt: patch.refundGaveUpAt,
          updatedAt: now,
        })
        .where(eq(pendingOrders.id, order.id));
    }
    if (plan.truckMail) {
      await tellTruckRefundRefused(tx, {
        order,
        amount: plan.truckMail.amountCents,
        words: plan.truckMail.words,
        nextTry: plan.truckMail.nextTry,
      });
    }
    return plan.outcome;
  });
  if (changed) {
    ctx.log.error(
      {
        alert: changed === 'retry' ? 'refund-failed' : 'refund-given-up',
        orderId: row.id,
        refundId: refund.id,
        paymentIntentId: refund.paymentIntent,
        reason: refund.failureReason,
      },
      changed === 'retry'
        ? 'the provider could not make a refund: it is owed again and will be retried'
        : 'the provider refused a refund for the last time: an admin must settle it',
    );
  }
}

/** `charge.refund.updated`: only a failure changes anything here. */
export async function applyRefundUpdate(ctx: EngineCtx, refund: GatewayRefund): Promise<void> {
  if (refund.status !== 'failed') return;
  if (await applyCorrectionRefundUpdate(ctx, refund)) return;
  await recordRefundFailure(ctx, undefined, refund);
}
