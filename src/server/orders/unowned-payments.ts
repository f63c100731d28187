import { eq } from 'drizzle-orm';
import {
  orphanOrderId,
  planOrphanPayment,
  planUnrecordedPayment,
  unrecordedGiveBack,
  type GiveBack,
} from '../../core/provider-news-plan';
import type { GatewayPaymentIntent } from '../adapters/payments/payment-gateway';
import { pendingOrders } from '../db/schema';
import type { EngineCtx } from './sync-order';
import { lockEventAndOrder } from '../engine/locks';
import { carryOutChange, paymentState } from './carry-out-payment-plan';

type OrderRow = typeof pendingOrders.$inferSelect;

/**
 * Money at the provider that no live order owns: an intent whose order points at another intent (it
 * was replaced). Every intent carries its order in its metadata; a hold found this way is released and
 * a charge refunded, each with a key of its own so a second delivery gives nothing back twice, and an
 * alert is logged (`planOrphanPayment`). An intent whose order has none yet is being attached (a saved
 * card's charge between its creation and its record) and is left to that path.
 */
export async function settleOrphanPayment(
  ctx: Pick<EngineCtx, 'db' | 'payments' | 'log'>,
  intent: GatewayPaymentIntent,
): Promise<void> {
  const orderId = orphanOrderId(intent);
  if (orderId === null) return;
  const [order] = await ctx.db
    .select({ intentId: pendingOrders.stripePaymentIntentId, eventId: pendingOrders.eventId })
    .from(pendingOrders)
    .where(eq(pendingOrders.id, orderId));
  const plan = planOrphanPayment(intent, orderId, order);
  if (plan.kind === 'not-ours') {
    // Another installation sharing the provider account (a staging copy) may send us its own intents.
    ctx.log.warn({ paymentIntentId: intent.id }, 'an intent that names no order of ours: left alone');
    return;
  }
  if (plan.kind !== 'give-back') return;
  ctx.log.error(
    { alert: 'orphan-payment', paymentIntentId: intent.id, orderId, intentStatus: intent.status },
    'money at the provider that no order owns: giving it back',
  );
  try {
    await giveBack(ctx, plan.giveBack);
  } catch (error) {
    // Already given back, or the provider is unreachable: the next delivery or sync asks again.
    ctx.log.warn({ err: error, paymentIntentId: intent.id }, 'orphan payment not settled yet');
  }
}

/**
 * The provider said a card was held or charged, and recording it failed. Never a silent `pending`: the
 * order is moved where it costs nothing to record (`planUnrecordedPayment`), so the refund and release
 * tasks give the money back and tell the diner; if even that can't be written, the money is given back
 * at the provider at once with the key the refund task would use.
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
  try {
    const [row] = await ctx.db
      .select({ eventId: pendingOrders.eventId })
      .from(pendingOrders)
      .where(eq(pendingOrders.id, orderId));
    if (!row) throw new Error(`order ${orderId} not found`);
    return await ctx.db.transaction(async (tx) => {
      const { event, order } = await lockEventAndOrder(tx, row.eventId, orderId);
      if (!event || !order) return false;
      const plan = planUnrecordedPayment(paymentState({ order, event }, intent, now));
      if (plan.kind !== 'change') return false;
      await carryOutChange(ctx, tx, { order, event }, plan.change, now);
      return true;
    });
  } catch (fallbackError) {
    ctx.log.error(
      { alert: 'payment-not-recorded', err: fallbackError, paymentIntentId: intent.id, orderId },
      'could not record the payment at all: giving it back at the provider',
    );
    await giveBack(ctx, unrecordedGiveBack(intent, orderId));
    return false;
  }
}

async function giveBack(ctx: Pick<EngineCtx, 'payments'>, call: GiveBack): Promise<void> {
  if (call.call === 'cancel') {
    await ctx.payments.cancelPaymentIntent(call.paymentIntentId, call.idempotencyKey);
    return;
  }
  await ctx.payments.refundPaymentIntent({
    paymentIntentId: call.paymentIntentId,
    metadata: call.metadata,
    idempotencyKey: call.idempotencyKey,
  });
}
