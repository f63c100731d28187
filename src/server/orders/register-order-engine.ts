import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { cancelUnfundedEvents } from './cancel-unfunded-events';
import { captureFundedOrders } from './capture-funded-orders';
import { closeEndedEvents } from './close-ended-events';
import { expireStaleOrders } from './expire-stale-orders';
import { releaseCancelledOrders } from './release-cancelled-orders';
import { syncOrder, syncPaymentIntent, syncSetupIntent } from './sync-order';
import { eq } from 'drizzle-orm';
import { pendingOrders } from '../db/schema';

/**
 * The goal engine's wiring: payment events (webhook or simulator) and the reconciler's tasks all
 * converge on the same idempotent sync (design.md sections 4 and 5).
 */
export function registerOrderEngine(ctx: AppContext, log: FastifyBaseLogger): void {
  const deps = { ...ctx, log };
  for (const type of [
    'payment_intent.amount_capturable_updated',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
  ] as const) {
    ctx.paymentEvents.subscribe(type, (event) => syncPaymentIntent(ctx, event.data.object));
  }
  ctx.paymentEvents.subscribe('setup_intent.succeeded', (event) => syncSetupIntent(ctx, event.data.object));
  ctx.paymentEvents.subscribe('charge.expired', async (event) => {
    const intentId = event.data.object.paymentIntent;
    if (!intentId) return;
    const [order] = await ctx.db
      .select({ id: pendingOrders.id })
      .from(pendingOrders)
      .where(eq(pendingOrders.stripePaymentIntentId, intentId));
    if (order) await syncOrder(ctx, order.id);
  });

  ctx.reconciler.addTask({ name: 'cancel-unfunded-events', run: () => cancelUnfundedEvents(ctx) });
  ctx.reconciler.addTask({ name: 'release-cancelled-orders', run: () => releaseCancelledOrders(deps) });
  ctx.reconciler.addTask({ name: 'expire-stale-orders', run: () => expireStaleOrders(deps) });
  ctx.reconciler.addTask({ name: 'capture-funded-orders', run: () => captureFundedOrders(deps) });
  ctx.reconciler.addTask({ name: 'close-ended-events', run: () => closeEndedEvents(ctx) });
}
