import { eq } from 'drizzle-orm';
import { IntentStateError, type GatewayPaymentIntent } from '../adapters/payments/payment-gateway';
import { pendingOrders } from '../db/schema';
import { finishRelease } from './carry-out-payment-plan';
import { applyPaymentIntent, type EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { runPool } from '../jobs/run-pool';

type OrderRow = typeof pendingOrders.$inferSelect;

export type ReleaseOutcome = 'released' | 'charged' | 'deferred';

/**
 * Asks the provider to release an order's hold and applies its answer: the order becomes `cancelled`
 * only once the provider confirms the intent is canceled; if it says the payment succeeded, the order
 * is `charged` (and refunded when it must not be). Network trouble leaves the order as it is, for the
 * reconciler to ask again with the same key.
 */
export async function releaseOrder(ctx: EngineCtx, order: OrderRow): Promise<ReleaseOutcome> {
  if (!order.stripePaymentIntentId) {
    // A saved card (SetupIntent) holds no money: there is nothing to release at the provider.
    await endWithoutProvider(ctx, order);
    return 'released';
  }
  let intent: GatewayPaymentIntent;
  try {
    intent = await ctx.payments.cancelPaymentIntent(
      order.stripePaymentIntentId,
      `cancel:${order.stripePaymentIntentId}`,
    );
  } catch (error) {
    if (!(error instanceof IntentStateError)) {
      ctx.log.warn({ err: error, orderId: order.id }, 'release deferred');
      return 'deferred';
    }
    // Already canceled, lapsed or charged: the intent itself says which.
    try {
      intent = await ctx.payments.retrievePaymentIntent(order.stripePaymentIntentId);
    } catch (retrieveError) {
      ctx.log.warn({ err: retrieveError, orderId: order.id }, 'release deferred');
      return 'deferred';
    }
  }
  await applyPaymentIntent(ctx, intent);
  if (intent.status === 'canceled') return 'released';
  if (intent.status === 'succeeded') return 'charged';
  return 'deferred';
}

async function endWithoutProvider(ctx: EngineCtx, order: OrderRow): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { event, order: current } = await lockEventAndOrder(tx, order.eventId, order.id);
    if (!event || !current || current.status !== 'cancelling') return;
    await finishRelease(ctx, tx, { event, order: current }, now);
  });
}

/**
 * Reconciler task: every order waiting for its release (`cancelling`) is asked about again, as many at
 * a time as captures may go (a call-off of hundreds of holds is released in a few provider round trips'
 * time, not one after another). An order whose release fails stays `cancelling` for the next run and
 * holds up none of the others.
 */
export async function releaseCancellingOrders(ctx: EngineCtx): Promise<number> {
  const waiting = await ctx.db.select().from(pendingOrders).where(eq(pendingOrders.status, 'cancelling'));
  let released = 0;
  await runPool(waiting, ctx.config.payments.captureConcurrency, async (order) => {
    try {
      if ((await releaseOrder(ctx, order)) === 'released') released++;
    } catch (error) {
      ctx.log.error({ err: error, orderId: order.id }, 'release failed; tried again on the next run');
    }
  });
  return released;
}
