import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simulatorIntents } from '../../db/schema';
import { IntentStateError, type GatewayPaymentIntent } from './payment-gateway';
import { paymentEvent, type SimulatorEventDelivery } from './simulator-event-delivery';
import { readIntent, STATE_KEY, toPaymentIntent } from './simulator-intents';

/** Stripe releases an uncaptured hold after about 7 days. */
export const HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Lets a hold lapse now, as Stripe does after about 7 days: the intent is canceled (reason
 * `automatic`) and `charge.expired` then `payment_intent.canceled` are handled before this resolves.
 */
export async function expireHold(
  db: Db,
  now: () => Date,
  delivery: SimulatorEventDelivery,
  paymentIntentId: string,
): Promise<GatewayPaymentIntent> {
  const [row] = await db
    .update(simulatorIntents)
    .set({
      status: 'canceled',
      updatedAt: now(),
      metadata: sql`${simulatorIntents.metadata} || jsonb_build_object(${STATE_KEY}::text, coalesce(${simulatorIntents.metadata} -> ${STATE_KEY}::text, '{}'::jsonb) || '{"cancellationReason":"automatic"}'::jsonb)`,
    })
    .where(and(eq(simulatorIntents.id, paymentIntentId), eq(simulatorIntents.status, 'requires_capture')))
    .returning();
  if (!row) {
    const current = await readIntent(db, paymentIntentId, 'payment_intent');
    throw new IntentStateError(`${paymentIntentId} holds nothing (status ${current.status})`);
  }
  const intent = toPaymentIntent(row);
  await delivery.now([
    paymentEvent('charge.expired', {
      object: 'charge',
      id: `ch_sim_${row.id.slice('pi_sim_'.length)}`,
      paymentIntent: row.id,
      amount: row.amount ?? 0,
      status: 'failed',
    }),
    paymentEvent('payment_intent.canceled', intent),
  ]);
  return intent;
}

/** The reconciler's task: holds authorized more than 7 days ago (by the app's clock) lapse. */
export async function expireStaleHolds(
  db: Db,
  now: () => Date,
  delivery: SimulatorEventDelivery,
): Promise<number> {
  const cutoff = new Date(now().getTime() - HOLD_LIFETIME_MS);
  const stale = await db
    .select({ id: simulatorIntents.id })
    .from(simulatorIntents)
    .where(and(eq(simulatorIntents.status, 'requires_capture'), lte(simulatorIntents.updatedAt, cutoff)))
    .limit(100);
  let expired = 0;
  for (const { id } of stale) {
    try {
      await expireHold(db, now, delivery, id);
      expired++;
    } catch (error) {
      // Captured or cancelled in the meantime, perhaps by another instance.
      if (!(error instanceof IntentStateError)) throw error;
    }
  }
  return expired;
}
