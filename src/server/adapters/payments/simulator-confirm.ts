import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simulatorIntents } from '../../db/schema';
import {
  IntentNotFoundError,
  IntentStateError,
  type PaymentIntentStatus,
  type SetupIntentStatus,
} from './payment-gateway';
import { authorizeCard, saveCard } from './simulator-card-rules';
import { cardBehaviour, paysLikeGoodCard } from './simulator-cards';
import { paymentEvent, type SimulatorEventDelivery } from './simulator-event-delivery';
import { declinedError, type Outcome } from './simulator-idempotency';
import { authorizeWithCard, randomId, toPaymentIntent } from './simulator-intents';

/**
 * What the simulator's card form does (Stripe.js's confirmCardPayment / confirmCardSetup). Confirming
 * an intent that is already confirmed answers its current state. Resolves once the resulting events
 * have been handled, so the order is up to date when the diner's browser hears back.
 */
export async function confirmWithCard(
  db: Db,
  now: () => Date,
  delivery: SimulatorEventDelivery,
  clientSecret: string,
  cardNumber: string,
): Promise<{ id: string; status: PaymentIntentStatus | SetupIntentStatus }> {
  const card = cardBehaviour(cardNumber);
  if (paysLikeGoodCard(card.behaviour)) {
    // The common case, a PaymentIntent waiting for a card that authorizes, in one statement.
    const row = await authorizeWithCard(db, now(), clientSecret, randomId('pm'), card);
    if (row) {
      const intent = toPaymentIntent(row);
      const type =
        intent.status === 'requires_capture'
          ? 'payment_intent.amount_capturable_updated'
          : 'payment_intent.succeeded';
      await delivery.now([paymentEvent(type, intent)]);
      return { id: intent.id, status: intent.status };
    }
  }
  const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const outcome = await db.transaction(
    async (tx): Promise<Outcome<{ id: string; status: PaymentIntentStatus | SetupIntentStatus }>> => {
      const [row] = await tx.select().from(simulatorIntents).where(eq(simulatorIntents.id, id)).for('update');
      if (!row || !sameSecret(row.clientSecret, clientSecret))
        throw new IntentNotFoundError('No such payment: the client secret is not valid');
      if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation') {
        if (row.status === 'canceled')
          throw new IntentStateError('This payment was cancelled and can no longer be confirmed.');
        return { value: { id: row.id, status: row.status as PaymentIntentStatus }, events: [] };
      }
      if (row.object === 'setup_intent') return saveCard(tx, now(), row, card);
      const result = await authorizeCard(tx, now(), row, randomId('pm'), card, false);
      return { ...result, value: result.value && { id: result.value.id, status: result.value.status } };
    },
  );
  await delivery.now(outcome.events);
  if (outcome.declined) throw declinedError(outcome.declined);
  return outcome.value!;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
