import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { pendingOrders } from '../db/schema';
import { cancelUnfundedEvents } from './cancel-unfunded-events';
import { captureFundedOrders } from './capture-funded-orders';
import { closeEndedEvents } from './close-ended-events';
import { endCheckoutsAtStart } from './end-checkouts-at-start';
import { expireStaleOrders } from './expire-stale-orders';
import { applyRefundUpdate, refundDueOrders } from './refund-due-orders';
import { refundCorrections } from './refund-corrections';
import { releaseCancellingOrders } from './release-order';
import { syncSetupIntentById } from './apply-setup-intent';
import { syncAfterPaymentEvent, syncOrder } from './sync-order';

/**
 * The goal engine's wiring: payment events (webhook or simulator) and the reconciler's tasks all
 * converge on the same idempotent sync. An event names the intent; its payload may be stale (a late
 * redelivery), so each handler asks the provider for the intent as it is now.
 */
export function registerOrderEngine(ctx: AppContext): void {
  for (const type of [
    'payment_intent.amount_capturable_updated',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
  ] as const) {
    ctx.paymentEvents.subscribe(type, (event) => syncAfterPaymentEvent(ctx, type, event.data.object.id));
  }
  ctx.paymentEvents.subscribe('setup_intent.succeeded', (event) =>
    syncSetupIntentById(ctx, event.data.object.id),
  );
  ctx.paymentEvents.subscribe('charge.expired', async (event) => {
    const intentId = event.data.object.paymentIntent;
    if (!intentId) return;
    const [order] = await ctx.db
      .select({ id: pendingOrders.id })
      .from(pendingOrders)
      .where(eq(pendingOrders.stripePaymentIntentId, intentId));
    if (order) await syncOrder(ctx, order.id);
  });

  ctx.paymentEvents.subscribe('charge.refund.updated', (event) => applyRefundUpdate(ctx, event.data.object));

  ctx.reconciler.addTask({ name: 'cancel-unfunded-events', run: () => cancelUnfundedEvents(ctx) });
  ctx.reconciler.addTask({ name: 'end-checkouts-at-start', run: () => endCheckoutsAtStart(ctx) });
  ctx.reconciler.addTask({ name: 'release-cancelling-orders', run: () => releaseCancellingOrders(ctx) });
  ctx.reconciler.addTask({ name: 'expire-stale-orders', lane: 'sweep', run: () => expireStaleOrders(ctx) });
  ctx.reconciler.addTask({ name: 'capture-funded-orders', run: () => captureFundedOrders(ctx) });
  ctx.reconciler.addTask({ name: 'refund-due-orders', run: () => refundDueOrders(ctx) });
  ctx.reconciler.addTask({ name: 'refund-corrections', run: () => refundCorrections(ctx) });
  ctx.reconciler.addTask({ name: 'close-ended-events', run: () => closeEndedEvents(ctx) });
}
