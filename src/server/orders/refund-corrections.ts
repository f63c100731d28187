import { and, eq, isNull, lte } from 'drizzle-orm';
import type { GatewayRefund } from '../adapters/payments/payment-gateway';
import { orderRefunds, pendingOrders } from '../db/schema';
import { refundInBatches, type RefundQueue } from './refund-batches';
import type { EngineCtx } from './sync-order';

type RefundRow = typeof orderRefunds.$inferSelect;

const RETRY_MS = 60 * 60 * 1000;
const RETRY_CAP_MS = 24 * 60 * 60 * 1000;
export const CORRECTION_FAILED_TEXT = 'The refund to the card failed; we are trying again.';

/** The key of a correction's current try: `correction:<id>`, then `correction:<id>:<n>` after n failures. */
export function correctionKey(row: Pick<RefundRow, 'id' | 'attempts'>): string {
  return row.attempts === 0 ? `correction:${row.id}` : `correction:${row.id}:${row.attempts}`;
}

/**
 * Money-lane task: each correction the truck committed is sent to the provider as a refund of its
 * amount (Stripe `POST /v1/refunds` with `amount`), under its own key, so a replay after a crash or a
 * second instance gets the same refund back and never a second one. A refusal is recorded on the row
 * and tried again after a backoff under a new key.
 */
export async function refundCorrections(ctx: EngineCtx): Promise<number> {
  return refundInBatches(ctx, dueCorrections, sendCorrection);
}

/** Corrections not refunded yet whose time has come (now, or the next try's after a failure). */
const dueCorrections: RefundQueue<typeof orderRefunds> = {
  table: orderRefunds,
  due: (now) => and(isNull(orderRefunds.refundedAt), lte(orderRefunds.dueAt, now)),
  claimedAt: orderRefunds.claimedAt,
  claim: (now) => ({ claimedAt: now }),
};

async function sendCorrection(ctx: EngineCtx, row: RefundRow): Promise<boolean> {
  const [order] = await ctx.db
    .select({ intent: pendingOrders.stripePaymentIntentId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, row.orderId));
  if (!order?.intent) return false;
  let refund: GatewayRefund;
  try {
    refund = await ctx.payments.refundPaymentIntent({
      paymentIntentId: order.intent,
      amount: row.amount,
      metadata: { orderId: String(row.orderId), eventId: String(row.eventId), correctionId: String(row.id) },
      idempotencyKey: correctionKey(row),
    });
  } catch (error) {
    // An outage or a refusal without a refund object: the claim lapses and the same key is replayed.
    ctx.log.warn({ err: error, correctionId: row.id, orderId: row.orderId }, 'correction refund deferred');
    return false;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await recordCorrectionFailure(ctx, row, refund);
    return false;
  }
  const now = ctx.now();
  await ctx.db
    .update(orderRefunds)
    .set({ providerRefundId: refund.id, refundedAt: now, claimedAt: null, failure: null })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.attempts, row.attempts)));
  return true;
}

async function recordCorrectionFailure(ctx: EngineCtx, row: RefundRow, refund: GatewayRefund) {
  const now = ctx.now();
  const delay = Math.min(RETRY_MS * 2 ** row.attempts, RETRY_CAP_MS);
  const [changed] = await ctx.db
    .update(orderRefunds)
    .set({
      providerRefundId: refund.id,
      refundedAt: null,
      claimedAt: null,
      failedAt: now,
      failure: CORRECTION_FAILED_TEXT,
      attempts: row.attempts + 1,
      dueAt: new Date(now.getTime() + delay),
    })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.attempts, row.attempts)))
    .returning();
  if (changed) {
    ctx.log.error(
      { alert: 'refund-failed', correctionId: row.id, orderId: row.orderId, refundId: refund.id },
      'the provider could not make a correction refund: it is owed again and will be retried',
    );
  }
}

/**
 * `charge.refund.updated` for a correction: found by the provider's refund id, or, when the news comes
 * before the task recorded that id, by the `correctionId` the refund was created with. A failure makes
 * the correction owed again (retried under a new key); it never touches the rest of the order. Answers
 * false when the refund is not a correction's (the whole-order refund path handles it).
 */
export async function applyCorrectionRefundUpdate(ctx: EngineCtx, refund: GatewayRefund): Promise<boolean> {
  const [byId] = await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.providerRefundId, refund.id));
  const correctionId = Number(refund.metadata?.correctionId);
  const row =
    byId ??
    (Number.isSafeInteger(correctionId) && correctionId > 0
      ? (await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, correctionId)))[0]
      : undefined);
  if (!row) return refund.metadata?.correctionId !== undefined;
  if (refund.status !== 'failed') return true;
  // This try's failure was already counted.
  if (row.providerRefundId === refund.id && row.refundedAt === null && row.failedAt !== null) return true;
  await recordCorrectionFailure(ctx, row, refund);
  return true;
}
