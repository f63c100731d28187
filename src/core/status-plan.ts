/**
 * What a status change of an order or an event means, decided without touching anything: the new
 * state, what the event's sales move by, the row the transition log gets and the mail that tells the
 * parties. `src/server/engine` carries these plans out, under its locks, and is the only code that
 * writes an order's or an event's status, an event's sales or the transition log
 * (docs/decisions/204-one-engine.md).
 */
import { assertEventTransition, reachesGoal, type EventStatus } from './event-status';
import { assertOrderTransition, countsTowardGoal, type OrderStatus } from './order-status';

/** One row of the transition log: every status change of an event or an order, with when and why. */
export interface TransitionLogRow {
  entity: 'event' | 'order';
  id: number;
  from: string | null;
  to: string;
  reason: string | null;
  at: Date;
}

/** What the engine knows of an order when it plans a change. */
export interface OrderState {
  id: number;
  status: OrderStatus;
  /** A charge owed back: it never counts toward the goal. */
  refundDue: boolean;
  /** The food: what counts toward the goal. */
  subtotalCents: number;
}

export interface OrderPlan {
  id: number;
  status: OrderStatus;
  refundDue: boolean;
  /** What the event's sales change by: the food when the order starts counting, minus it when it stops. */
  salesDelta: number;
  /** The log row, or null when the status stays (a charge only becomes owed back). */
  log: TransitionLogRow | null;
}

/** An order moves to `to` (an illegal move throws), perhaps becoming owed back at the same time. */
export function planOrderMove(
  order: OrderState,
  to: OrderStatus,
  change: { at: Date; reason?: string | null; refundDue?: boolean },
): OrderPlan {
  assertOrderTransition(order.status, to, order.id);
  const refundDue = change.refundDue ?? order.refundDue;
  return {
    id: order.id,
    status: to,
    refundDue,
    salesDelta: salesDelta(order, { status: to, refundDue }),
    log: {
      entity: 'order',
      id: order.id,
      from: order.status,
      to,
      reason: change.reason ?? null,
      at: change.at,
    },
  };
}

/** A charge that must be given back: the order keeps its status, and its food stops counting at once. */
export function planRefundDue(order: OrderState): OrderPlan {
  return {
    id: order.id,
    status: order.status,
    refundDue: true,
    salesDelta: salesDelta(order, { status: order.status, refundDue: true }),
    log: null,
  };
}

function salesDelta(before: OrderState, after: { status: OrderStatus; refundDue: boolean }): number {
  const was = countsTowardGoal({ status: before.status, refundDue: before.refundDue });
  const is = countsTowardGoal(after);
  return (is ? before.subtotalCents : 0) - (was ? before.subtotalCents : 0);
}

/** What happened to an event that its organizer and its truck must hear of. */
export type EventOutcome = 'goal-reached' | 'confirmed' | 'cancelled' | 'cut-short' | 'payment-failed';

const OUTCOMES: Partial<Record<EventStatus, EventOutcome>> = {
  processing: 'goal-reached',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  payment_failed: 'payment-failed',
};

/** An event that ends without food unwinds its orders, for this reason. */
const UNWIND_REASONS: Partial<Record<EventStatus, string>> = {
  cancelled: 'event cancelled',
  payment_failed: 'event failed',
};

/**
 * What becomes of an event's orders when it moves: nothing; every one unwound (holds released, charges
 * refunded) when it ends without food; or all but what diners collected, when it is cut short after its
 * start (docs/decisions/127).
 */
export type OrderUnwinding = 'none' | 'all' | 'all-but-collected';

export interface EventPlan {
  id: number;
  status: EventStatus;
  log: TransitionLogRow;
  /** The mail the organizer and the truck get, or null. */
  outcome: EventOutcome | null;
  unwind: OrderUnwinding;
  /** Why the orders are unwound, for their log rows and refunds. */
  unwindReason: string | null;
}

/**
 * An event moves to `to` (an illegal move throws). `quiet`: the caller tells the parties itself (a
 * request answered or expired, an event closed after its end), and there are no orders to unwind.
 */
export function planEventMove(
  event: { id: number; status: EventStatus },
  to: EventStatus,
  change: { at: Date; reason?: string | null; cutShort?: boolean; quiet?: boolean },
): EventPlan {
  assertEventTransition(event.status, to, event.id);
  const log: TransitionLogRow = {
    entity: 'event',
    id: event.id,
    from: event.status,
    to,
    reason: change.reason ?? null,
    at: change.at,
  };
  const plan = { id: event.id, status: to, log };
  if (change.quiet) return { ...plan, outcome: null, unwind: 'none', unwindReason: null };
  if (change.cutShort) {
    return { ...plan, outcome: 'cut-short', unwind: 'all-but-collected', unwindReason: 'event cut short' };
  }
  const unwindReason = UNWIND_REASONS[to] ?? null;
  return { ...plan, outcome: OUTCOMES[to] ?? null, unwind: unwindReason ? 'all' : 'none', unwindReason };
}

/** The event's first record: a request waiting for the truck. */
export function planEventCreated(eventId: number, at: Date): TransitionLogRow {
  return { entity: 'event', id: eventId, from: null, to: 'pending_approval', reason: null, at };
}

/**
 * After its sales moved: whether they just took the event to its goal (`approved` → `processing`, the
 * one goal crossing), and so what to do; null when they did not.
 */
export function planGoalCrossing(
  event: { id: number; status: EventStatus; currentSalesCents: number; minimumSalesCents: number },
  at: Date,
): EventPlan | null {
  if (!reachesGoal(event.status, event.currentSalesCents, event.minimumSalesCents)) return null;
  return planEventMove(event, 'processing', { at, reason: 'goal reached' });
}

/** An order as the unwinding of its event sees it. */
export interface UnwoundOrder extends OrderState {
  collected: boolean;
}

export interface UnwindPlan {
  /** Open orders (a checkout, a hold, a failed payment): they go to `cancelling`, and the release task frees them. */
  release: OrderPlan[];
  /** Charged orders that are now owed back, in full. */
  refund: OrderPlan[];
  /** Charged orders whose food was collected before the event was cut short: they stand. */
  kept: number[];
  /** The event's sales afterwards: only the food kept still counts. */
  salesAfterCents: number;
}

/**
 * Orders of an event that ends without food (or is cut short): every open one is released, every
 * charge refunded, except, when it was cut short, what diners had already collected.
 */
export function planUnwind(
  orders: readonly UnwoundOrder[],
  unwind: Exclude<OrderUnwinding, 'none'>,
  change: { at: Date; reason: string },
): UnwindPlan {
  const plan: UnwindPlan = { release: [], refund: [], kept: [], salesAfterCents: 0 };
  for (const order of orders) {
    const charged = order.status === 'charged';
    if (charged && !order.refundDue && order.collected && unwind === 'all-but-collected') {
      plan.kept.push(order.id);
      plan.salesAfterCents += order.subtotalCents;
    } else if (!charged) {
      plan.release.push(planOrderMove(order, 'cancelling', change));
    } else if (!order.refundDue) {
      plan.refund.push(planRefundDue(order));
    }
  }
  return plan;
}

/**
 * Orders whose checkout was still open when their event started: each goes to `cancelling` (open orders
 * never count, so the sales stay), and a failed payment not made again in time is marked unpaid.
 */
export function planCheckoutsEnded(
  orders: ReadonlyArray<Pick<OrderState, 'id' | 'status'>>,
  at: Date,
): Array<OrderPlan & { cancelRequestedBy: 'unpaid' | 'event' }> {
  return orders.map((order) => ({
    ...planOrderMove({ ...order, refundDue: false, subtotalCents: 0 }, 'cancelling', {
      at,
      reason: 'the event started',
    }),
    cancelRequestedBy: order.status === 'failed' ? 'unpaid' : 'event',
  }));
}

export type SettlementPlan = { kind: 'wait' } | { kind: 'settle'; plan: EventPlan };

/**
 * Settlement of a funded event (docs/decisions/015-money-engine.md): once no held order is left to
 * charge, it is `confirmed` as soon as what was charged covers the goal. Below the goal it waits while
 * refused diners may pay again; when the last of their windows ends, or at the start if sooner, it is
 * `confirmed` if the charges cover the goal, else `payment_failed`.
 */
export function planSettlement(
  event: {
    id: number;
    status: EventStatus;
    currentSalesCents: number;
    minimumSalesCents: number;
    startsAt: Date;
    /** Its organizer's guarantee paid the shortfall at the start: it goes ahead as funded (decision 224). */
    guaranteed?: boolean;
  },
  open: ReadonlyArray<{ status: OrderStatus; deadline: Date | null }>,
  now: Date,
): SettlementPlan {
  if (event.status !== 'processing' || open.some((o) => o.status === 'confirmed')) return { kind: 'wait' };
  if (event.guaranteed) {
    return {
      kind: 'settle',
      plan: planEventMove(event, 'confirmed', { at: now, reason: 'guaranteed by the organizer' }),
    };
  }
  if (event.currentSalesCents >= event.minimumSalesCents) {
    return {
      kind: 'settle',
      plan: planEventMove(event, 'confirmed', { at: now, reason: 'charges cover the goal' }),
    };
  }
  const lastWindow = open.reduce<number | null>(
    (latest, o) =>
      o.deadline && (latest === null || o.deadline.getTime() > latest) ? o.deadline.getTime() : latest,
    null,
  );
  const deadline = Math.min(event.startsAt.getTime(), lastWindow ?? now.getTime());
  if (now.getTime() < deadline) return { kind: 'wait' };
  return {
    kind: 'settle',
    plan: planEventMove(event, 'payment_failed', { at: now, reason: 'charges fell short of the goal' }),
  };
}
