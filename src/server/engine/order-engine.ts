import { eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../core/money';
import type { OrderStatus } from '../../core/order-status';
import {
  planCheckoutsEnded,
  planGoalCrossing,
  planOrderMove,
  planRefundDue,
  type OrderPlan,
  type OrderState,
} from '../../core/status-plan';
import type { Tx } from '../db/client';
import { events, pendingOrders } from '../db/schema';
import { carryOutEventPlan } from './event-engine';
import { writeTransitionLog } from './transition-log';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;
type OrderPatch = Partial<typeof pendingOrders.$inferInsert>;

export interface TransitionResult {
  order: OrderRow;
  event: EventRow;
  /** This transition took the event's authorized sales to its goal. */
  goalReached: boolean;
}

export interface TransitionOptions {
  now: Date;
  reason?: string;
  /** Other columns of the order that change with its status (never the status or what is owed back). */
  patch?: Omit<OrderPatch, 'status'>;
  /** For links in the mails a goal crossing sends to the organizer and the truck. */
  baseUrl: string;
  /** false: the caller holds only the order's lock (`lockOrderOnly`), so the sales must not move. */
  eventLocked?: boolean;
}

export const orderState = (order: OrderRow): OrderState => ({
  id: order.id,
  status: order.status,
  refundDue: order.refundDueAt != null,
  subtotalCents: order.subtotalAmount,
});

/**
 * Moves an order to a new status (an illegal move throws), keeping the event's sales equal to the food
 * of the orders that count toward its goal. The caller holds the event's and the order's locks
 * (`lockEventAndOrder`). An approved event whose sales reach the goal turns `processing` here, in the
 * same transaction, and its organizer and truck are told.
 */
export async function transitionOrder(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  to: OrderStatus,
  options: TransitionOptions,
): Promise<TransitionResult> {
  const refundDue =
    options.patch && 'refundDueAt' in options.patch ? options.patch.refundDueAt != null : undefined;
  const plan = planOrderMove(orderState(order), to, { at: options.now, reason: options.reason, refundDue });
  return carryOutOrderMove(tx, event, order, plan, options);
}

/**
 * Carries out a move planned in src/core (`planOrderMove`, or a plan built on it such as
 * `planPaymentIntent`) on the order it was planned from, as `transitionOrder` does. A plan made from
 * another state of the order (another status, or owed back otherwise than its patch says) throws.
 */
export async function carryOutOrderMove(
  tx: Tx,
  event: EventRow,
  order: OrderRow,
  plan: OrderPlan,
  options: Omit<TransitionOptions, 'reason'>,
): Promise<TransitionResult> {
  const patch = options.patch ?? {};
  const refundDue = 'refundDueAt' in patch ? patch.refundDueAt != null : order.refundDueAt != null;
  if (plan.id !== order.id || plan.log?.from !== order.status || plan.refundDue !== refundDue) {
    throw new Error(`Order ${order.id}: a move planned from another state of the order`);
  }
  if (options.eventLocked === false && plan.salesDelta !== 0) {
    throw new Error(`Order ${order.id} would move its event's sales without the event's lock`);
  }
  return carryOutOrderPlan(tx, event, plan, { ...patch, status: plan.status }, options);
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
  const plan = planRefundDue(orderState(order));
  return carryOutOrderPlan(
    tx,
    event,
    plan,
    { refundDueAt: options.now, refundReason: options.reason },
    options,
  );
}

async function carryOutOrderPlan(
  tx: Tx,
  event: EventRow,
  plan: OrderPlan,
  set: OrderPatch,
  options: { now: Date; baseUrl: string },
): Promise<TransitionResult> {
  const [order] = await tx
    .update(pendingOrders)
    .set({ ...set, updatedAt: options.now })
    .where(eq(pendingOrders.id, plan.id))
    .returning();
  if (plan.log) await writeTransitionLog(tx, [plan.log]);
  const moved = await moveSales(tx, event, plan.salesDelta, options);
  return { order: order!, ...moved };
}

/** The event's sales move by `delta`; if that takes it to its goal, it turns `processing`. */
async function moveSales(
  tx: Tx,
  event: EventRow,
  delta: number,
  options: { now: Date; baseUrl: string },
): Promise<{ event: EventRow; goalReached: boolean }> {
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
  const crossing = planGoalCrossing(
    {
      id: current.id,
      status: current.status,
      currentSalesCents: current.currentSales,
      minimumSalesCents: current.minimumSales,
    },
    options.now,
  );
  if (!crossing) return { event: current, goalReached: false };
  return { event: await carryOutEventPlan(tx, current, crossing, options), goalReached: true };
}

/**
 * Checkouts still open when their event started (rows the caller locked): each is ended, going to
 * `cancelling` so the release task frees whatever the provider still holds. Open orders never count,
 * so the event's sales stay and its row is not locked.
 */
export async function endCheckouts(
  tx: Tx,
  orders: ReadonlyArray<{ id: number; status: OrderStatus }>,
  now: Date,
): Promise<void> {
  const plans = planCheckoutsEnded(orders, now);
  for (const requestedBy of ['unpaid', 'event'] as const) {
    const ids = plans.filter((p) => p.cancelRequestedBy === requestedBy).map((p) => p.id);
    if (ids.length === 0) continue;
    await tx
      .update(pendingOrders)
      .set({ status: 'cancelling', cancelRequestedBy: requestedBy, updatedAt: now })
      .where(inArray(pendingOrders.id, ids));
  }
  await writeTransitionLog(
    tx,
    plans.flatMap((p) => (p.log ? [p.log] : [])),
  );
}
