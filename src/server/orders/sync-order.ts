import { eq } from 'drizzle-orm';
import { alreadyReflects, planPaymentIntent } from '../../core/payment-plan';
import { nudgesAfter } from '../../core/payment-plan-types';
import { planPaymentEventSync } from '../../core/provider-news-plan';
import type { GatewayPaymentIntent } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import { events, pendingOrders } from '../db/schema';
import { CLAIM_LEASE_MS } from '../jobs/claim-lease';
import { handleUnrecordedPayment, settleOrphanPayment } from './unowned-payments';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { orderQueries } from './order-queries';
import { lockEventAndOrder, lockOrderOnly } from '../engine/locks';
import { syncSetupIntentById } from './apply-setup-intent';
import { carryOutChange, countOrder, paymentState } from './carry-out-payment-plan';

export type EngineCtx = Pick<AppContext, 'db' | 'now' | 'config' | 'payments' | 'reconciler' | 'log'>;
type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;
export interface OrderWithEvent {
  order: OrderRow;
  event: EventRow;
}
/** An order as its caller just read it, with its event when the caller read that too. */
export interface KnownOrder {
  order: OrderRow;
  event?: EventRow | undefined;
}

export async function findOrderOfIntent(
  ctx: Pick<EngineCtx, 'db'>,
  intentId: string,
): Promise<OrderWithEvent | undefined> {
  const [found] = await orderQueries(ctx.db).orderOfIntent.execute({ intentId });
  return found;
}

/**
 * Brings an order in line with its PaymentIntent as the provider reports it now: what that means is
 * planned in `src/core/payment-plan.ts`; this reads the rows (as read, then under the order's lock or
 * the event's, as the plan asks) and carries the plan out. Whatever their order and however often they
 * come, each state is applied once.
 */
export async function applyPaymentIntent(
  ctx: EngineCtx,
  intent: GatewayPaymentIntent,
  /**
   * The order (and its event) as the caller just read them (every write below re-checks them). When
   * the order already says what the intent says, nothing more is read; otherwise both are read here if
   * the caller has no event.
   */
  known?: KnownOrder,
): Promise<boolean> {
  try {
    return await applyIntentToOrder(ctx, intent, known);
  } catch (error) {
    // The provider holds or took money that the order could not record: never leave it silent.
    if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') throw error;
    // Unless the database is only out of reach for a moment (a restart): the money stays where it is
    // and this is applied again by whoever asks next (the diner's retry, the webhook's redelivery, the
    // sweep). Giving it back would cancel a good order for a blip (decision 139).
    if (isDatabaseUnavailable(error)) throw error;
    return handleUnrecordedPayment(ctx, intent, known?.order, error);
  }
}

async function applyIntentToOrder(ctx: EngineCtx, intent: GatewayPaymentIntent, known?: KnownOrder) {
  if (known && alreadyReflects(known.order.status, intent.status)) return false;
  const found = known?.event
    ? { order: known.order, event: known.event }
    : await findOrderOfIntent(ctx, intent.id);
  if (!found) {
    await settleOrphanPayment(ctx, intent);
    return false;
  }
  const now = ctx.now();
  const plan = planPaymentIntent(paymentState(found, intent, now), 'none');
  if (plan.kind === 'settled') return false;
  if (plan.kind === 'lock' && plan.lock === 'order' && (await underOrderLock(ctx, found.order, intent))) {
    return true;
  }
  if (plan.kind === 'count' && (await countOrder(ctx, found, plan.change, now))) return true;
  await underEventLock(ctx, found.order, intent);
  return true;
}

/** The order's lock alone (a held order of a funded event charged); false when the plan needs the event's. */
function underOrderLock(ctx: EngineCtx, found: OrderRow, intent: GatewayPaymentIntent): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { event, order } = await lockOrderOnly(tx, found.id, found.eventId);
    if (!order || !event) return false;
    const plan = planPaymentIntent(paymentState({ order, event }, intent, now), 'order');
    if (plan.kind !== 'change') return false;
    await carryOutChange(ctx, tx, { order, event }, plan.change, now, false);
    return true;
  });
}

async function underEventLock(ctx: EngineCtx, found: OrderRow, intent: GatewayPaymentIntent) {
  const now = ctx.now();
  const { plan, nudge } = await ctx.db.transaction(async (tx) => {
    const { event, order } = await lockEventAndOrder(tx, found.eventId, found.id);
    if (!event || !order) return { plan: null, nudge: false };
    const plan = planPaymentIntent(paymentState({ order, event }, intent, now), 'event');
    if (plan.kind === 'note') {
      await tx
        .update(pendingOrders)
        .set({ authorizedAt: plan.patch.authorizedAt, updatedAt: now })
        .where(eq(pendingOrders.id, order.id));
      return { plan, nudge: nudgesAfter(plan.nudge, { eventStatus: event.status, goalReached: false }) };
    }
    if (plan.kind !== 'change') return { plan, nudge: false };
    return { plan, nudge: await carryOutChange(ctx, tx, { order, event }, plan.change, now) };
  });
  if (plan?.kind === 'orphan') await settleOrphanPayment(ctx, intent);
  if (plan?.kind === 'change' && plan.change.alert === 'wrongful-charge') {
    ctx.log.error(
      { alert: 'wrongful-charge', orderId: found.id, eventId: found.eventId, paymentIntentId: intent.id },
      'a charge landed on an order that must not be charged: refunding it',
    );
  }
  if (nudge) ctx.reconciler.nudge();
}

/** A webhook (or simulator) event about an intent: synced with the provider unless it is old news. */
export async function syncAfterPaymentEvent(ctx: EngineCtx, type: string, intentId: string): Promise<void> {
  const found = await findOrderOfIntent(ctx, intentId);
  if (planPaymentEventSync(type, found?.order, ctx.now(), CLAIM_LEASE_MS) === 'ignore') return;
  // With no order owning it, the intent is settled as an orphan's if it holds or took money.
  await applyPaymentIntent(ctx, await ctx.payments.retrievePaymentIntent(intentId), found);
}

/**
 * Asks the provider for the order's intent and applies what it says. Answers false when the order
 * already said as much (nothing was written), true when it may have changed.
 */
export async function syncOrder(
  ctx: EngineCtx,
  /** The order's id, the order as the caller read it, or a `KnownOrder` to trust as just read. */
  orderOrId: number | OrderRow | KnownOrder,
): Promise<boolean> {
  const known = typeof orderOrId === 'object' && 'order' in orderOrId ? orderOrId : undefined;
  const order =
    typeof orderOrId === 'number'
      ? (await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderOrId)))[0]
      : (known?.order ?? (orderOrId as OrderRow));
  if (!order) return false;
  if (order.stripePaymentIntentId) {
    const intent = await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId);
    return applyPaymentIntent(ctx, intent, known);
  }
  if (order.stripeSetupIntentId) {
    await syncSetupIntentById(ctx, order.stripeSetupIntentId);
    return true;
  }
  return false;
}
