import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import type { RefundSettlement } from '../../core/refund-refusals';
import type { RefundFailureDto, SettleRefundFailureInput } from '../../contract/refund-failures';
import type { AppContext } from '../context';
import { events, orderRefunds, payouts, pendingOrders, users } from '../db/schema';
import { refundFailureIn } from '../answer-words';
import { DomainError } from '../domain-error';
import { lockEventAndOrder, lockOrderOnly } from '../engine/locks';
import { transitionOrder } from '../engine/order-engine';
import { publicBaseUrl } from '../http/public-url';
import { countedCorrectionCents, recountRefunded } from '../orders/refund-refusal';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'reconciler'>;
type Tx = Parameters<Parameters<Ctx['db']['transaction']>[0]>[0];

/** At most this many of each kind are listed (the oldest first would hide new ones: newest first). */
const LIST_CAP = 200;

/**
 * Every refund the provider refused for good and no admin has settled (decision 213): corrections
 * and whole refunds, newest first, through the partial indexes of exactly those rows. The provider's
 * refusal is said in the reader's `language`.
 */
export async function listRefundFailures(
  db: Ctx['db'],
  language: Language = 'en',
): Promise<RefundFailureDto[]> {
  const truckName = sql<string>`coalesce(${users.businessName}, ${users.username})`;
  const corrections = await db
    .select({ refund: orderRefunds, order: pendingOrders, title: events.title, truckName })
    .from(orderRefunds)
    .innerJoin(pendingOrders, eq(pendingOrders.id, orderRefunds.orderId))
    .innerJoin(events, eq(events.id, orderRefunds.eventId))
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(and(isNotNull(orderRefunds.gaveUpAt), isNull(orderRefunds.settledAt)))
    .orderBy(desc(orderRefunds.gaveUpAt))
    .limit(LIST_CAP);
  const orders = await db
    .select({ order: pendingOrders, title: events.title, truckName })
    .from(pendingOrders)
    .innerJoin(events, eq(events.id, pendingOrders.eventId))
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(and(isNotNull(pendingOrders.refundGaveUpAt), isNull(pendingOrders.refundSettledAt)))
    .orderBy(desc(pendingOrders.refundGaveUpAt))
    .limit(LIST_CAP);
  const list: RefundFailureDto[] = [
    ...corrections.map(({ refund, order, title, truckName }) => ({
      kind: 'correction' as const,
      id: refund.id,
      orderId: order.id,
      pickupCode: order.pickupCode,
      dinerName: order.customerName,
      dinerEmail: order.customerEmail,
      eventId: refund.eventId,
      eventTitle: title,
      truckName,
      amount: minorToDecimal(refund.amount, asCurrency(order.currency)),
      currency: asCurrency(order.currency),
      reason: refund.reason,
      failure: refundFailureIn(language, refund.failure),
      attempts: refund.attempts,
      gaveUpAt: refund.gaveUpAt!.toISOString(),
    })),
    ...orders.map(({ order, title, truckName }) => ({
      kind: 'order' as const,
      id: order.id,
      orderId: order.id,
      pickupCode: order.pickupCode,
      dinerName: order.customerName,
      dinerEmail: order.customerEmail,
      eventId: order.eventId,
      eventTitle: title,
      truckName,
      amount: minorToDecimal(order.totalAmount - order.correctedAmount, asCurrency(order.currency)),
      currency: asCurrency(order.currency),
      reason: order.refundReason,
      failure: refundFailureIn(language, order.refundFailure),
      attempts: order.refundAttempts,
      gaveUpAt: order.refundGaveUpAt!.toISOString(),
    })),
  ];
  return list.sort((a, b) => b.gaveUpAt.localeCompare(a.gaveUpAt));
}

const NOT_OPEN =
  'This refund is not waiting to be settled any more (another admin settled it, or it was made)';

/**
 * An admin settles a refund the provider refused for good: `retry` asks the provider once more (a new
 * key; refused again, it is given up again at once), `refunded_elsewhere` records that the diner got
 * the money another way (it counts as refunded and the payouts follow), `close` records that no refund
 * is owed (the money stays charged, in the payouts; a corrected amount is freed). Under the order's
 * lock, once: a second admin, or a second click, is told it was settled already.
 */
export async function settleRefundFailure(ctx: Ctx, adminId: number, input: SettleRefundFailureInput) {
  const now = ctx.now();
  const result =
    input.kind === 'correction'
      ? await settleCorrection(ctx, adminId, input.id, input.action, now)
      : await settleWholeRefund(ctx, input.id, input.action, now);
  if (input.action !== 'close') ctx.reconciler.nudge();
  return result;
}

async function settleCorrection(
  ctx: Ctx,
  adminId: number,
  id: number,
  action: RefundSettlement,
  now: Date,
): Promise<{ kind: 'correction'; id: number; action: RefundSettlement }> {
  const [peek] = await ctx.db
    .select({ orderId: orderRefunds.orderId, eventId: orderRefunds.eventId })
    .from(orderRefunds)
    .where(eq(orderRefunds.id, id));
  if (!peek) throw new DomainError('refund_failure_not_found', 'No such refund');
  await ctx.db.transaction(async (tx) => {
    const { order } = await lockOrderOnly(tx, peek.orderId, peek.eventId);
    const open = and(
      eq(orderRefunds.id, id),
      isNotNull(orderRefunds.gaveUpAt),
      isNull(orderRefunds.settledAt),
    );
    const patch =
      action === 'retry'
        ? { gaveUpAt: null, dueAt: now, claimedAt: null }
        : {
            settlement: action,
            settledAt: now,
            settledBy: adminId,
            ...(action === 'refunded_elsewhere' ? { refundedAt: now, failure: null } : {}),
          };
    const [row] = await tx.update(orderRefunds).set(patch).where(open).returning();
    if (!row || !order) throw new DomainError('refund_failure_not_open', NOT_OPEN);
    if (action === 'close') {
      // No longer owed: the truck may correct that amount again if it must.
      await tx
        .update(pendingOrders)
        .set({ correctedAmount: order.correctedAmount - row.amount, updatedAt: now })
        .where(eq(pendingOrders.id, order.id));
    }
    await recountRefunded(tx, order, now);
    await payoutsLookAgain(tx, order.eventId);
  });
  return { kind: 'correction', id, action };
}

async function settleWholeRefund(
  ctx: Ctx,
  orderId: number,
  action: RefundSettlement,
  now: Date,
): Promise<{ kind: 'order'; id: number; action: RefundSettlement }> {
  const [peek] = await ctx.db
    .select({ eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, orderId));
  if (!peek) throw new DomainError('refund_failure_not_found', 'No such refund');
  await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, peek.eventId, orderId);
    if (!event || !order || order.refundGaveUpAt === null || order.refundSettledAt !== null)
      throw new DomainError('refund_failure_not_open', NOT_OPEN);
    if (action === 'retry') {
      await tx
        .update(pendingOrders)
        .set({ refundGaveUpAt: null, refundDueAt: now, refundClaimedAt: null, updatedAt: now })
        .where(eq(pendingOrders.id, order.id));
    } else if (action === 'close') {
      await tx
        .update(pendingOrders)
        .set({ refundSettledAt: now, updatedAt: now })
        .where(eq(pendingOrders.id, order.id));
    } else {
      const corrections = await countedCorrectionCents(tx, order.id);
      await transitionOrder(tx, event, order, 'refunded', {
        now,
        baseUrl: publicBaseUrl(ctx.config),
        reason: 'refunded outside the provider (admin)',
        patch: {
          refundedAmount: corrections + (order.totalAmount - order.correctedAmount),
          refundedAt: now,
          refundFailure: null,
          refundSettledAt: now,
        },
      });
    }
    await payoutsLookAgain(tx, order.eventId);
  });
  return { kind: 'order', id: orderId, action };
}

/** What the ledger counts changed without an order's refund fields moving: the payouts look again. */
async function payoutsLookAgain(tx: Tx, eventId: number): Promise<void> {
  await tx
    .update(payouts)
    .set({ refundSeq: sql`${payouts.refundSeq} + 1` })
    .where(eq(payouts.eventId, eventId));
}
