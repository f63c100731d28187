import { eq } from 'drizzle-orm';
import type { GatewayPaymentIntent } from '../adapters/payments/payment-gateway';
import { pendingOrders } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import type { EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { transitionOrder } from '../engine/order-engine';

type OrderRow = typeof pendingOrders.$inferSelect;

/**
 * Money at the provider that no live order owns: an intent whose order points at another intent (it
 * was replaced). Every intent carries its order in its metadata; a hold
 * found this way is released and a charge refunded, each with a key of its own so a second delivery
 * gives nothing back twice, and an alert is logged. An intent whose order has none yet is being attached
 * (a saved card's charge between its creation and its record) and is left to that path.
 */
export async function settleOrphanPayment(
  ctx: Pick<EngineCtx, 'db' | 'payments' | 'log'>,
  intent: GatewayPaymentIntent,
): Promise<void> {
  if (intent.status !== 'succeeded' && intent.status !== 'requires_capture') return;
  const orderId = Number(intent.metadata.orderId);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return;
  const [order] = await ctx.db
    .select({ intentId: pendingOrders.stripePaymentIntentId, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, orderId));
  // Only an intent naming one of our orders (its id and its event's): another installation sharing the
  // provider account (a staging copy) may send us its own intents, which are not ours to give back.
  if (!order || String(order.eventId) !== intent.metadata.eventId) {
    ctx.log.warn({ paymentIntentId: intent.id }, 'an intent that names no order of ours: left alone');
    return;
  }
  if (order.intentId === intent.id || order.intentId === null) return;
  ctx.log.error(
    { alert: 'orphan-payment', paymentIntentId: intent.id, orderId, intentStatus: intent.status },
    'money at the provider that no order owns: giving it back',
  );
  try {
    if (intent.status === 'requires_capture') {
      await ctx.payments.cancelPaymentIntent(intent.id, `cancel:${intent.id}`);
    } else {
      await ctx.payments.refundPaymentIntent({
        paymentIntentId: intent.id,
        metadata: { orderId: String(orderId), reason: 'no order owns this payment' },
        idempotencyKey: `orphan-refund:${intent.id}`,
      });
    }
  } catch (error) {
    // Already given back, or the provider is unreachable: the next delivery or sync asks again.
    ctx.log.warn({ err: error, paymentIntentId: intent.id }, 'orphan payment not settled yet');
  }
}

/**
 * The provider said a card was held or charged, and recording it failed. Never a silent `pending`: the
 * order is moved where it costs nothing to record (a charge owed back, or a hold to release), outside
 * the goal, so the refund and release tasks give the money back and tell the diner; if even that can't
 * be written, the money is given back at the provider at once with the key the refund task would use.
 */
export async function handleUnrecordedPayment(
  ctx: EngineCtx,
  intent: GatewayPaymentIntent,
  known: OrderRow | undefined,
  error: unknown,
): Promise<boolean> {
  ctx.log.error(
    { alert: 'payment-not-recorded', err: error, paymentIntentId: intent.id, intentStatus: intent.status },
    'the provider took or holds money that could not be recorded: giving it back',
  );
  const orderId = known?.id ?? Number(intent.metadata.orderId);
  const now = ctx.now();
  const reason = 'the payment could not be recorded';
  try {
    const [row] = await ctx.db
      .select({ eventId: pendingOrders.eventId })
      .from(pendingOrders)
      .where(eq(pendingOrders.id, orderId));
    if (!row) throw new Error(`order ${orderId} not found`);
    return await ctx.db.transaction(async (tx) => {
      const { event, order } = await lockEventAndOrder(tx, row.eventId, orderId);
      if (!event || !order || order.stripePaymentIntentId !== intent.id) return false;
      if (order.status !== 'pending' && order.status !== 'failed') return false;
      const options = { now, baseUrl: publicBaseUrl(ctx.config), reason };
      if (intent.status === 'succeeded') {
        await transitionOrder(tx, event, order, 'charged', {
          ...options,
          patch: {
            chargedAt: now,
            authorizedAt: order.authorizedAt ?? now,
            refundDueAt: now,
            refundReason: reason,
          },
        });
      } else {
        await transitionOrder(tx, event, order, 'cancelling', {
          ...options,
          patch: { cancelRequestedBy: 'event', authorizedAt: now },
        });
      }
      return true;
    });
  } catch (fallbackError) {
    ctx.log.error(
      { alert: 'payment-not-recorded', err: fallbackError, paymentIntentId: intent.id, orderId },
      'could not record the payment at all: giving it back at the provider',
    );
    if (intent.status === 'succeeded') {
      await ctx.payments.refundPaymentIntent({
        paymentIntentId: intent.id,
        metadata: { orderId: String(orderId), reason },
        idempotencyKey: `refund:${orderId}`,
      });
    } else {
      await ctx.payments.cancelPaymentIntent(intent.id, `cancel:${intent.id}`);
    }
    return false;
  }
}
