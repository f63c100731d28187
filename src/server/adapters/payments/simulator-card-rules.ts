import type { Tx } from '../../db/client';
import { CARD_DECLINES, paysLikeGoodCard, type CardBehaviour } from './simulator-cards';
import type { GatewayPaymentIntent, PaymentIntentStatus, SetupIntentStatus } from './payment-gateway';
import type { Outcome } from './simulator-idempotency';
import { paymentEvent } from './simulator-event-delivery';
import {
  randomId,
  toPaymentIntent,
  toSetupIntent,
  updateIntent,
  type IntentRow,
  type SimulatorCard,
} from './simulator-intents';

/**
 * Stripe's rules for what a test card does to an intent, and which events say so. Each rule changes
 * the intent's row in the caller's transaction and answers the outcome with its events.
 */

/** The statuses from which Stripe lets a PaymentIntent be cancelled. */
export const CANCELABLE: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

/** A card meets a PaymentIntent: a hold (manual capture), a charge (automatic), or a decline. */
export async function authorizeCard(
  tx: Tx,
  now: Date,
  row: IntentRow,
  paymentMethod: string,
  card: SimulatorCard,
  charging: boolean,
): Promise<Outcome<GatewayPaymentIntent>> {
  const failsNow =
    !paysLikeGoodCard(card.behaviour) &&
    (card.behaviour !== 'fails_after_attach' || charging || row.captureMethod !== 'manual');
  if (failsNow) {
    const withCard = await updateIntent(tx, now, row.id, { paymentMethod }, { card }, row);
    return declineCard(
      tx,
      now,
      withCard,
      CARD_DECLINES[card.behaviour as Exclude<CardBehaviour, 'ok' | 'refund_fails'>],
    );
  }
  // The card and the outcome in one write: `row` is the caller's current (locked or new) row.
  const hold = row.captureMethod === 'manual';
  const intent = toPaymentIntent(
    await updateIntent(
      tx,
      now,
      row.id,
      { paymentMethod, status: hold ? 'requires_capture' : 'succeeded', lastError: null },
      { card },
      row,
    ),
  );
  return {
    value: intent,
    events: [
      paymentEvent(hold ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent),
    ],
  };
}

/** A card meets a SetupIntent: saved, or declined at once. */
export async function saveCard(
  tx: Tx,
  now: Date,
  row: IntentRow,
  card: SimulatorCard,
): Promise<Outcome<{ id: string; status: SetupIntentStatus }>> {
  if (card.behaviour === 'declined' || card.behaviour === 'not_a_test_card') {
    const decline = CARD_DECLINES[card.behaviour];
    const failed = toSetupIntent(await updateIntent(tx, now, row.id, { lastError: decline.message }));
    return {
      declined: { ...decline, setupIntentId: row.id },
      events: [paymentEvent('setup_intent.setup_failed', failed)],
    };
  }
  // Saved cards that fail later (insufficient funds, 0341) fail when they are charged.
  const saved = toSetupIntent(
    await updateIntent(
      tx,
      now,
      row.id,
      { status: 'succeeded', paymentMethod: randomId('pm'), lastError: null },
      { card },
    ),
  );
  return {
    value: { id: saved.id, status: saved.status },
    events: [paymentEvent('setup_intent.succeeded', saved)],
  };
}

/** The card was refused: the intent waits for another, with the card's message. */
export async function declineCard(
  tx: Tx,
  now: Date,
  row: IntentRow,
  decline: { code: string; declineCode: string; message: string },
): Promise<Outcome<never>> {
  const failed = toPaymentIntent(
    await updateIntent(tx, now, row.id, { status: 'requires_payment_method', lastError: decline.message }),
  );
  return {
    declined: { ...decline, paymentIntentId: row.id },
    events: [paymentEvent('payment_intent.payment_failed', failed)],
  };
}
