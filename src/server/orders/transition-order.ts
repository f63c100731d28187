import { eq, sql } from 'drizzle-orm';
import type { EventStatus } from '../../core/event-status';
import { centsToDecimal } from '../../core/money';
import { canTransitionOrder, COUNTED_ORDER_STATUSES, type OrderStatus } from '../../core/order-status';
import type { Tx } from '../db/client';
import { events, pendingOrders } from '../db/schema';
import { recordTransition } from '../events/record-transition';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Locks the event row, then the order row (always in this order, so two callers never deadlock). */
export async function lockEventAndOrder(tx: Tx, eventId: number, orderId: number) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, orderId)).for('update');
  return { event, order };
}

export interface TransitionResult {
  order: OrderRow;
  event: EventRow;
  /** This transition took the event's authorized sales to its goal. */
  goalReached: boolean;
}

/**
 * Moves an order to a new status, keeping the event's sales equal to the food subtotal of its
 * confirmed and charged orders. The caller holds the event and order locks (lockEventAndOrder).
 * An approved event whose sales reach the goal turns `processing` here, in the same transaction.
 */
export async function transitionOrder(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  to: OrderStatus,
  options: { now: Date; reason?: string; patch?: Partial<typeof pendingOrders.$inferInsert> },
): Promise<TransitionResult> {
  if (!canTransitionOrder(order.status, to))
    throw new Error(`Order ${order.id} cannot go from ${order.status} to ${to}`);
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

  const wasCounted = COUNTED_ORDER_STATUSES.includes(order.status);
  const isCounted = COUNTED_ORDER_STATUSES.includes(to);
  const delta = (isCounted ? order.subtotalAmount : 0) - (wasCounted ? order.subtotalAmount : 0);
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
  if (current.status === 'approved' && current.currentSales >= current.minimumSales) {
    current = await setEventStatus(tx, current, 'processing', options.now, 'goal reached');
    goalReached = true;
  }
  return { order: updated!, event: current, goalReached };
}

export async function setEventStatus(
  tx: Tx,
  event: EventRow,
  to: EventStatus,
  now: Date,
  reason?: string,
  patch: Partial<typeof events.$inferInsert> = {},
) {
  const [row] = await tx
    .update(events)
    .set({ ...patch, status: to, updatedAt: now })
    .where(eq(events.id, event.id))
    .returning();
  await recordTransition(tx, { entity: 'event', id: event.id, from: event.status, to, reason, at: now });
  return row!;
}
