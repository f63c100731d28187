import { and, eq, isNull, lte } from 'drizzle-orm';
import { correctionFailureText, nextRefundTry, refusalInWords } from '../../core/refund-refusals';
import { refundRefusalOf, type GatewayRefund } from '../adapters/payments/payment-gateway';
import { orderRefunds, pendingOrders } from '../db/schema';
import { lockOrderOnly } from '../engine/locks';
import { refundInBatches, type RefundQueue } from './refund-batches';
import { recountRefunded, tellTruckRefundRefused } from './refund-refusal';
import type { EngineCtx } from './sync-order';

type RefundRow = typeof orderRefunds.$inferSelect;

/** The key of a correction's current try: `correction:<id>`, then `correction:<id>:<n>` after n failures. */
export function correctionKey(row: Pick<RefundRow, 'id' | 'attempts'>): string {
  return row.attempts === 0 ? `correction:${row.id}` : `correction:${row.id}:${row.attempts}`;
}

/**
 * Money-lane task: each correction the truck committed is sent to the provider as a refund of its
 * amount (Stripe `POST /v1/refunds` with `amount`), under its own key, so a replay after a crash or a
 * second instance gets the same refund back and never a second one. A refusal (at once, or later by
 * `charge.refund.updated`) is recorded on the row, takes the amount off what the order shows refunded,
 * tells the truck, and is tried again after a doubling backoff under a new key; after `REFUND_TRIES`
 * refusals it stops in one final state for an admin (docs/decisions/213).
 */
export async function refundCorrections(ctx: EngineCtx): Promise<number> {
  return refundInBatches(ctx, dueCorrections, sendCorrection);
}

/** Corrections not refunded, not given up, whose time has come (now, or the next try's after a refusal). */
const dueCorrections: RefundQueue<typeof orderRefunds> = {
  table: orderRefunds,
  due: (now) =>
    and(
      isNull(orderRefunds.refundedAt),
      isNull(orderRefunds.gaveUpAt),
      isNull(orderRefunds.settledAt),
      lte(orderRefunds.dueAt, now),
    ),
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
    const refusal = refundRefusalOf(error);
    if (refusal !== null) {
      // Refused outright (disputed, the platform's balance short…): no refund object, the same answer
      // under this key for a day, so the next try gets a new key.
      ctx.log.warn({ err: error, correctionId: row.id, orderId: row.orderId }, 'correction refund refused');
      await recordCorrectionFailure(ctx, row, { id: null, reason: refusal });
      return false;
    }
    // An outage or a timeout: the claim lapses and the same key is replayed.
    ctx.log.warn({ err: error, correctionId: row.id, orderId: row.orderId }, 'correction refund deferred');
    return false;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await recordCorrectionFailure(ctx, row, { id: refund.id, reason: refund.failureReason ?? null });
    return false;
  }
  await recordCorrectionMade(ctx, row, refund);
  return true;
}

async function recordCorrectionMade(ctx: EngineCtx, row: RefundRow, refund: GatewayRefund): Promise<void> {
  const now = ctx.now();
  const made = { providerRefundId: refund.id, refundedAt: now, claimedAt: null, failure: null };
  const thisTry = and(eq(orderRefunds.id, row.id), eq(orderRefunds.attempts, row.attempts));
  if (row.failedAt === null) {
    // Never refused: the order already counts it, one statement is all.
    await ctx.db.update(orderRefunds).set(made).where(thisTry);
    return;
  }
  // A retry made it: the order counts it again (and its payouts look again).
  await ctx.db.transaction(async (tx) => {
    const { order } = await lockOrderOnly(tx, row.orderId, row.eventId);
    const [changed] = await tx.update(orderRefunds).set(made).where(thisTry).returning();
    if (changed && order) await recountRefunded(tx, order, now);
  });
}

/**
 * The provider refused this try of a correction (at once, or `charge.refund.updated` later, even after
 * it said the refund succeeded). Under the order's lock: the row records the refusal in plain words
 * and its next try (or gives up after `REFUND_TRIES`), the order stops counting it as refunded (so
 * its payouts are not cut for money that stayed with us), and the truck is told at the first refusal
 * and when it is given up. A try's refusal is counted once, however often the news comes.
 */
async function recordCorrectionFailure(
  ctx: EngineCtx,
  row: RefundRow,
  refund: { id: string | null; reason: string | null },
): Promise<void> {
  const now = ctx.now();
  const refusals = row.attempts + 1;
  const nextTry = nextRefundTry(refusals, now);
  const words = refusalInWords(refund.reason);
  const changed = await ctx.db.transaction(async (tx) => {
    const { order } = await lockOrderOnly(tx, row.orderId, row.eventId);
    if (!order) return null;
    const [updated] = await tx
      .update(orderRefunds)
      .set({
        providerRefundId: refund.id ?? row.providerRefundId,
        refundedAt: null,
        claimedAt: null,
        failedAt: now,
        failure: correctionFailureText(words, nextTry !== null),
        attempts: refusals,
        dueAt: nextTry ?? row.dueAt,
        gaveUpAt: nextTry ? null : now,
      })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.attempts, row.attempts)))
      .returning();
    if (!updated) return null;
    await recountRefunded(tx, order, now);
    if (row.attempts === 0 || !nextTry) {
      await tellTruckRefundRefused(tx, { order, amount: row.amount, words, nextTry });
    }
    return updated;
  });
  if (changed) {
    ctx.log.error(
      {
        alert: nextTry ? 'refund-failed' : 'refund-given-up',
        correctionId: row.id,
        orderId: row.orderId,
        refundId: refund.id,
        reason: refund.reason,
      },
      nextTry
        ? 'the provider refused a correction refund: it is owed again and will be retried'
        : 'the provider refused a correction refund for the last time: an admin must settle it',
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
  // This try's failure was already counted, or an admin already settled it.
  if (row.providerRefundId === refund.id && row.refundedAt === null && row.failedAt !== null) return true;
  if (row.settledAt !== null || row.gaveUpAt !== null) return true;
  await recordCorrectionFailure(ctx, row, { id: refund.id, reason: refund.failureReason ?? null });
  return true;
}
