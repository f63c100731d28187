import { and, count, eq, isNull, or } from 'drizzle-orm';
import { CORRECTION_REASON_MAX, decideCorrection } from '../../core/corrections';
import type { AppContext } from '../context';
import { orderRefunds, pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { hitRateLimit, overLimitError, REFUSALS } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderCorrectedMail } from './refund-mail';
import { linkFor } from './carry-out-payment-plan';
import { lockEventAndOrder } from '../engine/locks';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'reconciler'>;

/**
 * The event's truck refunds a charged order, whole or in part, with a reason
 * (docs/decisions/135-order-corrections.md). Under the event's and the order's locks, in one
 * transaction: the check of what is left, the order's new corrected amount, one `order_refunds` row
 * (the provider is asked later, once, by `refundCorrections`), the payouts told to look again, and the
 * diner's mail. So a crash after the commit loses nothing, and concurrent requests can never take
 * more than was charged.
 */
export async function correctOrder(
  ctx: Ctx,
  truckId: number,
  orderId: number,
  input: { amountCents: number; reason: string },
) {
  const reason = input.reason.trim();
  if (reason.length === 0)
    throw new DomainError('correction_reason_missing', 'Please give a reason', {
      fields: { reason: 'Please give a reason' },
    });
  if (reason.length > CORRECTION_REASON_MAX) {
    throw new DomainError(
      'correction_reason_too_long',
      `The reason can be at most ${CORRECTION_REASON_MAX} characters`,
      {
        fields: {
          reason: `At most ${CORRECTION_REASON_MAX} characters`,
        },
      },
    );
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new DomainError('correction_amount_invalid', 'The amount must be at least $0.01', {
      fields: { amountCents: 'At least 1 cent' },
    });
  }
  await throttleRefunds(ctx, truckId);
  const result = await ctx.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ eventId: pendingOrders.eventId })
      .from(pendingOrders)
      .where(eq(pendingOrders.id, orderId));
    if (!peek) throw new DomainError('order_not_found', 'Order not found');
    const { event, order } = await lockEventAndOrder(tx, peek.eventId, orderId);
    if (!event || !order) throw new DomainError('order_not_found', 'Order not found');
    if (event.foodTruckId !== truckId)
      throw new DomainError('not_the_events_truck', "Only the event's food truck can refund its orders");
    const now = ctx.now();
    // Under the order's lock, so racing requests see each other's rows: the cap holds exactly.
    const [made] = await tx
      .select({ n: count() })
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, order.id),
          or(isNull(orderRefunds.settlement), eq(orderRefunds.settlement, 'refunded_elsewhere')),
        ),
      );
    const decision = decideCorrection(
      {
        status: order.status,
        totalCents: order.totalAmount,
        correctedCents: order.correctedAmount,
        refundDue: order.refundDueAt !== null,
        corrections: made?.n ?? 0,
      },
      input.amountCents,
      now,
      event.endsAt,
    );
    if (decision.kind === 'refused') throw new DomainError('correction_refused', decision.message);
    const corrected = order.correctedAmount + input.amountCents;
    const [updated] = await tx
      .update(pendingOrders)
      // What the order shows refunded: the corrections not refused, this one with them (decision 213).
      .set({
        correctedAmount: corrected,
        refundedAmount: (order.refundedAmount ?? 0) + input.amountCents,
        updatedAt: now,
      })
      .where(and(eq(pendingOrders.id, order.id), eq(pendingOrders.correctedAmount, order.correctedAmount)))
      .returning();
    if (!updated)
      throw new DomainError('order_changed_meanwhile', 'This order changed meanwhile; please look again');
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        eventId: event.id,
        amount: input.amountCents,
        reason,
        requestedBy: truckId,
        dueAt: now,
        createdAt: now,
      })
      .returning();
    // A payout planned or sent before this commit is looked at again (a smaller transfer or a reversal):
    // the new refunded amount raises its refundSeq (trigger `pending_orders_payout_seq`).
    await enqueueMail(tx, orderCorrectedMail(updated, event, refund!, linkFor(ctx, updated)));
    return { order: updated, refund: refund! };
  });
  ctx.reconciler.nudge();
  return result;
}

/**
 * A truck's refund requests are counted per truck (RATE_LIMIT_REFUNDS, 60 in 10 minutes by default),
 * refused or not, before any lock is taken: each accepted one is a provider call and a mail, and a
 * thousand one-cent refunds in a minute slowed other events' captures threefold (decision 213).
 */
async function throttleRefunds(ctx: Pick<Ctx, 'db' | 'now' | 'config'>, truckId: number): Promise<void> {
  const limit = ctx.config.rateLimits.refunds;
  if (!limit) return;
  const now = ctx.now();
  const state = await hitRateLimit(ctx.db, `refunds:truck:${truckId}`, limit.windowMs, now);
  if (state.count > limit.max) {
    throw overLimitError('refund_requests_exceeded', state, now, (wait) => `${REFUSALS.refunds} ${wait}`);
  }
}
