/**
 * The provider's news at the edges of an order's plan (`payment-plan.ts`): whether a webhook is worth
 * asking the provider about, and money at the provider that no order owns or that an order could not
 * record, given back with a key of its own so a second delivery gives nothing back twice.
 */
import type { OrderStatus } from './order-status';
import { planChange } from './payment-plan';
import { NONE, type IntentStatus, type PaymentPlan, type PaymentState } from './payment-plan-types';

/**
 * Order statuses that a payment event of each type can no longer change: the event is old news, so
 * its handler need not ask the provider (each retrieve counts against the provider's rate limit, and a
 * capture fan-out would otherwise double its calls). Anything else is checked with the provider.
 */
const SETTLED_FOR_EVENT: Record<string, readonly OrderStatus[]> = {
  'payment_intent.succeeded': ['charged', 'refunded'],
  'payment_intent.amount_capturable_updated': ['confirmed', 'charged', 'refunded', 'cancelled'],
  'payment_intent.canceled': ['cancelled', 'refunded'],
  'payment_intent.payment_failed': ['failed', 'charged', 'refunded', 'cancelled'],
};

/**
 * A webhook (or simulator) event about an intent, and the order that owns the intent (none: it was
 * replaced, or its order is gone): whether to ask the provider for the intent and apply it.
 */
export function planPaymentEventSync(
  type: string,
  order: { status: OrderStatus; captureClaimedAt: Date | null } | undefined,
  now: Date,
  /** How long a capture's claim is its holder's without renewal. */
  claimLeaseMs: number,
): 'retrieve' | 'ignore' {
  if (!order) {
    // No order owns it: if it holds or took money, that money is given back (as an orphan's).
    const mayHoldMoney =
      type === 'payment_intent.succeeded' || type === 'payment_intent.amount_capturable_updated';
    return mayHoldMoney ? 'retrieve' : 'ignore';
  }
  if (SETTLED_FOR_EVENT[type]?.includes(order.status)) return 'ignore';
  // A capture in flight: its claimant records the result it got (and if it dies, whoever takes the
  // lapsed claim over replays the capture and records it), so the webhook need not ask again.
  const claimIsLive =
    order.captureClaimedAt !== null && order.captureClaimedAt.getTime() > now.getTime() - claimLeaseMs;
  if (type === 'payment_intent.succeeded' && order.status === 'confirmed' && claimIsLive) return 'ignore';
  return 'retrieve';
}

/** An intent that holds money (a card authorized) or took it (charged). */
export function holdsOrTookMoney(status: IntentStatus): boolean {
  return status === 'succeeded' || status === 'requires_capture';
}

/** A call to the provider that gives money back, with the key that makes a repeat the same call. */
export type GiveBack =
  | { call: 'cancel'; paymentIntentId: string; idempotencyKey: string }
  | {
      call: 'refund';
      paymentIntentId: string;
      idempotencyKey: string;
      metadata: { orderId: string; reason: string };
    };

interface IntentFacts {
  id: string;
  status: IntentStatus;
  metadata: Record<string, string>;
}

/**
 * The order an intent no order owns names in its metadata (every intent we create carries its order's
 * and its event's ids), or null when the intent holds and took nothing, or names no order.
 */
export function orphanOrderId(intent: IntentFacts): number | null {
  if (!holdsOrTookMoney(intent.status)) return null;
  const orderId = Number(intent.metadata.orderId);
  return Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null;
}

export type OrphanPlan =
  /** It names no order of ours (its id and its event's): another installation's, left alone. */
  | { kind: 'not-ours' }
  /** Its order still names it, or has no intent yet (being attached): that path records it. */
  | { kind: 'owned' }
  /** The order names another intent: this money is given back, and alerted. */
  | { kind: 'give-back'; giveBack: GiveBack };

/** Money at the provider whose intent no order owns, and the order its metadata names (as read). */
export function planOrphanPayment(
  intent: IntentFacts,
  orderId: number,
  named: { intentId: string | null; eventId: number } | undefined,
): OrphanPlan {
  if (!named || String(named.eventId) !== intent.metadata.eventId) return { kind: 'not-ours' };
  if (named.intentId === intent.id || named.intentId === null) return { kind: 'owned' };
  const giveBack: GiveBack =
    intent.status === 'requires_capture'
      ? { call: 'cancel', paymentIntentId: intent.id, idempotencyKey: `cancel:${intent.id}` }
      : {
          call: 'refund',
          paymentIntentId: intent.id,
          idempotencyKey: `orphan-refund:${intent.id}`,
          metadata: { orderId: String(orderId), reason: 'no order owns this payment' },
        };
  return { kind: 'give-back', giveBack };
}

export const UNRECORDED_REASON = 'the payment could not be recorded';

/**
 * The provider said a card was held or charged, and recording it failed: under the event's lock, a new
 * order (pending, or paying again) is moved where it costs nothing to record, outside the goal (a charge
 * owed back, or a hold to release), so the refund and release tasks give the money back and tell the
 * diner. Anything else is left as it is.
 */
export function planUnrecordedPayment(state: PaymentState): PaymentPlan {
  const { order, intent, now } = state;
  if (!order.ownsIntent || !holdsOrTookMoney(intent.status)) return NONE;
  if (order.status !== 'pending' && order.status !== 'failed') return NONE;
  const reason = UNRECORDED_REASON;
  if (intent.status === 'succeeded') {
    return {
      kind: 'change',
      change: planChange(state, 'charged', reason, {
        patch: {
          chargedAt: now,
          authorizedAt: order.authorizedAt ?? now,
          refundDueAt: now,
          refundReason: reason,
        },
        refundDue: true,
      }),
    };
  }
  return {
    kind: 'change',
    change: planChange(state, 'cancelling', reason, {
      patch: { cancelRequestedBy: 'event', authorizedAt: now },
    }),
  };
}

/**
 * If even that can't be written, the money is given back at the provider at once: a charge with the key
 * the refund task would use for the order, a hold with the release's key.
 */
export function unrecordedGiveBack(intent: IntentFacts, orderId: number): GiveBack {
  if (intent.status !== 'succeeded') {
    return { call: 'cancel', paymentIntentId: intent.id, idempotencyKey: `cancel:${intent.id}` };
  }
  return {
    call: 'refund',
    paymentIntentId: intent.id,
    idempotencyKey: `refund:${orderId}`,
    metadata: { orderId: String(orderId), reason: UNRECORDED_REASON },
  };
}
