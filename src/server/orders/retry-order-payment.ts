import { and, eq, sql } from 'drizzle-orm';
import { asCurrency, providerCurrency } from '../../core/currency';
import { isTakingOrders, shouldChargeNow } from '../../core/event-status';
import {
  IntentStateError,
  type CaptureMethod,
  type GatewayPaymentIntent,
} from '../adapters/payments/payment-gateway';
import { events, pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { canAccessOrder } from '../access/order-access';
import { applyPaymentIntent, type EngineCtx } from './sync-order';

/** An intent the diner can still pay: confirming it with a card is what it waits for. */
const PAYABLE: readonly GatewayPaymentIntent['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/**
 * The fix-your-payment path: an order whose charge failed or whose hold lapsed is paid again, within
 * its window (48 hours, never past the start). After the goal it is charged at once; before it, held.
 *
 * An order owns one intent at a time, and no other intent of it can take money
 * (docs/decisions/125-no-money-without-an-order.md): the order's intent is reused while the diner can
 * still pay it with the capture the event now needs; otherwise it is cancelled at the provider before a
 * new one replaces it. So pressing "Pay again" twice, in two tabs, answers the same intent, and a page
 * left open on an older intent can no longer pay it.
 */
export async function retryOrderPayment(
  ctx: EngineCtx,
  eventId: number,
  orderId: number,
  access: { visitorKey: string | undefined; token: string | undefined },
) {
  const [order] = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (
    !order ||
    order.eventId !== eventId ||
    !canAccessOrder(order, { ...access, secret: ctx.config.sessionSecret })
  ) {
    throw new DomainError('order_not_found', 'Order not found');
  }
  if (order.status !== 'failed')
    throw new DomainError('order_payment_not_failed', 'This order does not need a new payment');
  const now = ctx.now();
  if (order.fixPaymentDeadline && order.fixPaymentDeadline <= now)
    throw new DomainError('payment_fix_window_over', 'The time to fix this payment has passed');
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event || !isTakingOrders(event.status, now, event.startsAt)) {
    throw new DomainError('event_not_taking_orders', 'This event is no longer taking orders');
  }
  const chargeNow = shouldChargeNow(event.status);
  const captureMethod: CaptureMethod = chargeNow ? 'automatic' : 'manual';
  const answer = (intent: GatewayPaymentIntent) => ({
    orderId: order.id,
    clientSecret: intent.clientSecret!,
    amount: order.totalAmount,
    mode: 'hold' as const,
    chargeNow: intent.captureMethod === 'automatic',
  });

  const replaced = order.stripePaymentIntentId;
  if (replaced) {
    const current = await retireIntent(ctx, replaced, captureMethod);
    if (current) return answer(current);
  }
  const intent = await ctx.payments.createPaymentIntent({
    amount: order.totalAmount,
    currency: providerCurrency(asCurrency(order.currency)),
    captureMethod,
    description: `Pre-order #${order.id} (new payment)`,
    metadata: { orderId: String(order.id), eventId: String(order.eventId) },
    // Two presses at once ask for the same intent with the same key, and get one.
    idempotencyKey: `retry:${order.id}:${replaced ?? order.stripeSetupIntentId ?? 'none'}:${captureMethod}`,
  });
  // Only over the intent this request replaced: an order that moved on meanwhile keeps its own.
  const moved = await ctx.db
    .update(pendingOrders)
    .set({ stripePaymentIntentId: intent.id, mode: 'hold', captureMethod, captureClaimedAt: null })
    .where(
      and(
        eq(pendingOrders.id, order.id),
        eq(pendingOrders.status, 'failed'),
        sql`${pendingOrders.stripePaymentIntentId} is not distinct from ${replaced}::text`,
      ),
    )
    .returning({ id: pendingOrders.id });
  if (moved.length > 0) return answer(intent);
  const [latest] = await ctx.db
    .select({ intentId: pendingOrders.stripePaymentIntentId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, order.id));
  // A second press made the same intent and recorded it first: that is this answer too.
  if (latest?.intentId === intent.id) return answer(intent);
  await ctx.payments.cancelPaymentIntent(intent.id, `cancel:${intent.id}`).catch(() => undefined);
  throw new DomainError('order_changed_meanwhile', 'This order changed meanwhile. Please reload the page.');
}

/**
 * The order's current intent, before a new payment: answered when the diner can pay it as it is;
 * otherwise cancelled at the provider (answering undefined), so it can never take money once replaced.
 * If the diner paid it meanwhile, that payment is applied and the retry refused.
 */
async function retireIntent(
  ctx: EngineCtx,
  intentId: string,
  captureMethod: CaptureMethod,
): Promise<GatewayPaymentIntent | undefined> {
  let current = await ctx.payments.retrievePaymentIntent(intentId);
  if (PAYABLE.includes(current.status)) {
    if (current.captureMethod === captureMethod) return current;
    try {
      current = await ctx.payments.cancelPaymentIntent(intentId, `cancel:${intentId}`);
    } catch (error) {
      if (!(error instanceof IntentStateError)) throw error;
      current = await ctx.payments.retrievePaymentIntent(intentId);
    }
  }
  if (current.status === 'succeeded' || current.status === 'requires_capture') {
    await applyPaymentIntent(ctx, current);
    throw new DomainError('payment_already_done', 'Your payment for this order has already gone through.');
  }
  if (current.status !== 'canceled') {
    throw new DomainError(
      'payment_in_progress',
      'Your last payment is still being processed. Please try again in a moment.',
    );
  }
  return undefined;
}
