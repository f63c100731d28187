import { eq, sql } from 'drizzle-orm';
import { reachesGoal } from '../../core/event-status';
import { centsToDecimal } from '../../core/money';
import { assertOrderTransition, countsTowardGoal, type OrderStatus } from '../../core/order-status';
import type { Tx } from '../db/client';
import { events, pendingOrders } from '../db/schema';
import { changeEventStatus } from '../events/change-event-status';
import { recordTransition } from '../events/record-transition';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;
type OrderPatch = Partial<typeof pendingOrders.$inferInsert>;

/**
 * Locks the event row, then the order row (always in this order, so two callers never deadlock; the
 * order path's single statement takes them in the same order). The event's lock is `FOR NO KEY UPDATE`:
 * nothing here changes its key, and so new orders, whose foreign key takes `FOR KEY SHARE` on the event,
 * are never held up by it (docs/decisions/088-orders-without-an-event-lock.md).
 */
export async function lockEventAndOrder(tx: Tx, eventId: number, orderId: number) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
  const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, orderId)).for('update');
  return { event, order };
}

export interface TransitionResult {
  order: OrderRow;
  event: EventRow;
  /** This transition took the event's authorized sales to its goal. */
  goalReached: boolean;
}

export interface TransitionOptions {
  now: Date;
  reason?: string;
  patch?: OrderPatch;
  /** For links in the mails a goal crossing sends to the organizer and the truck. */
  baseUrl: string;
}

const counts = (status: OrderStatus, refundDueAt: Date | null | undefined) =>
  countsTowardGoal({ status, refundDue: refundDueAt != null });

/**
 * Moves an order to a new status through the transition table (an illegal move throws), keeping the
 * event's sales equal to the food subtotal of the orders that count toward its goal. The caller holds
 * the event and order locks (lockEventAndOrder). An approved event whose sales reach the goal turns
 * `processing` here, in the same transaction, and its organizer and truck are told.
 */
export async function transitionOrder(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  to: OrderStatus,
  options: TransitionOptions,
): Promise<TransitionResult> {
  assertOrderTransition(order.status, to, order.id);
  const [updated] = await tx
    .update(pendingOrders)
    .set({ ...options.patch, status: to, updatedAt: options.now })
    .where(eq(pendingOrders.id, order.id))
    .returning();
  await recordTransition(tx, {
    entity: 'order',
    id: order.id,
    from: order.status,
    to,
    reason: options.reason,
    at: options.now,
  });
  const refundDueAt =
    options.patch && 'refundDueAt' in options.patch ? options.patch.refundDueAt : order.refundDueAt;
  return adjustSales(tx, event, order, updated!, counts(to, refundDueAt), options);
}

/**
 * A charge that must be given back (it landed on a cancelled order or a dead event): it stops counting
 * toward the goal at once, and the refund task returns the money.
 */
export async function markRefundDue(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  options: { now: Date; reason: string; baseUrl: string },
): Promise<TransitionResult> {
  const [updated] = await tx
    .update(pendingOrders)
    .set({ refundDueAt: options.now, refundReason: options.reason, updatedAt: options.now })
    .where(eq(pendingOrders.id, order.id))
    .returning();
  return adjustSales(tx, event, order, updated!, false, options);
}

async function adjustSales(
  tx: Tx,
  event: EventRow,
  before: OrderRow,
  after: OrderRow,
  isCounted: boolean,
  options: TransitionOptions,
): Promise<TransitionResult> {
  const wasCounted = counts(before.status, before.refundDueAt);
  const delta = (isCounted ? before.subtotalAmount : 0) - (wasCounted ? before.subtotalAmount : 0);
  let current = event;
  if (delta !== 0) {
    const [row] = await tx
      .update(events)
      .set({
        currentSales: sql`${events.currentSales} + ${centsToDecimal(delta)}::numeric`,
        updatedAt: options.now,
      })
      .where(eq(events.id, event.id))
      .returning();
    current = row!;
  }
  let goalReached = false;
  if (reachesGoal(current.status, current.currentSales, current.minimumSales)) {
    current = await changeEventStatus(tx, current, 'processing', {
      now: options.now,
      reason: 'goal reached',
      baseUrl: options.baseUrl,
    });
    goalReached = true;
  }
  return { order: after, event: current, goalReached };
}
