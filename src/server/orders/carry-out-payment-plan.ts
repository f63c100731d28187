import { planRelease } from '../../core/payment-plan';
import {
  nudgesAfter,
  type PaymentChange,
  type PaymentMail,
  type PaymentState,
} from '../../core/payment-plan-types';
import { orderLink } from '../access/order-access';
import type { GatewayPaymentIntent } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import type { events, pendingOrders } from '../db/schema';
import { addOrderToGoal } from '../engine/goal-fast-path';
import { carryOutOrderMove, orderState } from '../engine/order-engine';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMail } from '../outbox/enqueue-mail';
import { fixPaymentMail, orderCancelledMail, orderChargedMail, orderReceivedMail } from './order-mail';
import { loadOrderLines } from './order-queries';
import type { EngineCtx } from './sync-order';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/**
 * How a payment plan (`src/core/payment-plan.ts`) is carried out: a change through the engine under
 * the locks it was planned under, or through the order path's single statement, each with the diner's
 * mail written in the same transaction, and the reconciler woken when the plan says so.
 */

/** The diner's link to their order, as every order mail carries it. */
export function linkFor(ctx: Pick<AppContext, 'config'>, order: { id: number; eventId: number }): string {
  return orderLink(publicBaseUrl(ctx.config), ctx.config.sessionSecret, order);
}

/** What the planner is told: the order and its event as read or locked, the intent as reported, the time. */
export function paymentState(
  { order, event }: { order: OrderRow; event: EventRow },
  intent: GatewayPaymentIntent,
  now: Date,
): PaymentState {
  return {
    order: {
      ...orderState(order),
      authorizedAt: order.authorizedAt,
      fixPaymentDeadline: order.fixPaymentDeadline,
      cancelRequestedBy: order.cancelRequestedBy,
      ownsIntent: order.stripePaymentIntentId === intent.id,
    },
    event: { status: event.status, startsAt: event.startsAt },
    intent: {
      status: intent.status,
      lastPaymentError: intent.lastPaymentError,
      paymentMethod: intent.paymentMethod,
    },
    now,
  };
}

/**
 * A `count` plan, without the event's row lock (docs/decisions/088-orders-without-an-event-lock.md):
 * one statement counts the order toward the goal (addOrderToGoal). False when it declines (the order
 * changed, or this would take the event to its goal): the event's lock decides then.
 */
export async function countOrder(
  ctx: Pick<EngineCtx, 'db' | 'config' | 'reconciler'>,
  { order, event }: { order: OrderRow; event: EventRow },
  change: PaymentChange,
  now: Date,
): Promise<boolean> {
  const after: OrderRow = { ...order, ...change.patch, status: change.to };
  const added = await addOrderToGoal(ctx.db, order, change.to, {
    now,
    reason: change.reason,
    patch: change.patch,
    mail: change.mail && (await mailFor(ctx, ctx.db, change.mail, after, event)),
  });
  if (!added) return false;
  // The statement never takes the event to its goal.
  if (nudgesAfter(change.nudge, { eventStatus: added.eventStatus, goalReached: false }))
    ctx.reconciler.nudge();
  return true;
}

/**
 * A planned change through the engine, with its mail, on the rows the caller locked (`eventLocked:
 * false` under the order's lock alone). Answers whether to wake the reconciler once it commits.
 */
export async function carryOutChange(
  ctx: Pick<EngineCtx, 'config'>,
  tx: Tx,
  locked: { order: OrderRow; event: EventRow },
  change: PaymentChange,
  now: Date,
  eventLocked?: false,
): Promise<boolean> {
  const result = await carryOutOrderMove(tx, locked.event, locked.order, change.move, {
    now,
    baseUrl: publicBaseUrl(ctx.config),
    patch: change.patch,
    eventLocked,
  });
  if (change.mail) await enqueueMail(tx, await mailFor(ctx, tx, change.mail, result.order, result.event));
  return nudgesAfter(change.nudge, { eventStatus: result.event.status, goalReached: result.goalReached });
}

/**
 * A `cancelling` order whose hold the provider has released (or that held nothing), locked with its
 * event: it is cancelled, and a diner who had a card held or saved (or confirmed one on the intent,
 * `cardConfirmed`, even if that was never recorded) is told.
 */
export async function finishRelease(
  ctx: Pick<EngineCtx, 'config'>,
  tx: Tx,
  locked: { order: OrderRow; event: EventRow },
  now: Date,
  cardConfirmed = false,
): Promise<void> {
  const { order } = locked;
  const change = planRelease(
    { ...orderState(order), authorizedAt: order.authorizedAt, cancelRequestedBy: order.cancelRequestedBy },
    now,
    cardConfirmed,
  );
  await carryOutChange(ctx, tx, locked, change, now);
}

async function mailFor(
  ctx: Pick<EngineCtx, 'config'>,
  db: DbOrTx,
  mail: PaymentMail,
  order: OrderRow,
  event: EventRow,
) {
  switch (mail.kind) {
    case 'received':
      return orderReceivedMail(order, event, linkFor(ctx, order), await loadOrderLines(db, [order.id]));
    case 'charged':
      return orderChargedMail(order, event, linkFor(ctx, order), await loadOrderLines(db, [order.id]));
    case 'fix-payment':
      return fixPaymentMail(order, event, linkFor(ctx, order), mail.why);
    case 'cancelled':
      return orderCancelledMail(order, event, mail.why);
  }
}
