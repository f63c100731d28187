/**
 * A card saved for later (mode `save`, docs/decisions/015-money-engine.md): what the provider's
 * SetupIntent means for its order, planned as a PaymentIntent's is (`payment-plan.ts`) and carried out
 * by `src/server/orders/apply-setup-intent.ts`.
 */
import { isTakingOrders } from './event-status';
import { planChange } from './payment-plan';
import {
  LOCK_EVENT,
  NONE,
  SETTLED,
  type IntentStatus,
  type PaymentChange,
  type PaymentEvent,
  type PaymentOrder,
  type PaymentPlan,
} from './payment-plan-types';

/** A SetupIntent's status (a card saved to be charged at the goal): never `requires_capture`. */
export type SetupIntentStatus = Exclude<IntentStatus, 'requires_capture'>;

/** What the planner knows of an order waiting for its saved card. */
export interface SetupOrder extends Pick<PaymentOrder, 'id' | 'status' | 'subtotalCents' | 'refundDue'> {
  stripeCustomerId: string | null;
}

export interface SetupState {
  order: SetupOrder;
  event: PaymentEvent;
  intent: { status: SetupIntentStatus; paymentMethod: string | null; customer: string | null };
  now: Date;
}

/** Only a SetupIntent that succeeded saved a card: anything else is not news for an order. */
export function savedCard(status: SetupIntentStatus): boolean {
  return status === 'succeeded';
}

/**
 * A card saved for later (mode `save`): the order counts toward the goal once its SetupIntent
 * succeeded, by the order path's single statement when it can, else under the event's lock; saved after
 * the event stopped taking orders, the order simply ends (nothing is held on a saved card).
 */
export function planSetupIntent(state: SetupState, lock: 'none' | 'event'): PaymentPlan {
  const { order, event, intent, now } = state;
  if (!savedCard(intent.status) || order.status !== 'pending') return lock === 'none' ? SETTLED : NONE;
  const takingOrders = isTakingOrders(event.status, now, event.startsAt);
  if (lock === 'none') {
    return takingOrders ? { kind: 'count', change: cardSaved(state) } : LOCK_EVENT;
  }
  if (!takingOrders) {
    return {
      kind: 'change',
      change: planChange(state, 'cancelled', 'card saved after the event ended', {
        patch: { cancelledAt: now, releasedAt: now },
      }),
    };
  }
  return { kind: 'change', change: cardSaved(state) };
}

function cardSaved(state: SetupState): PaymentChange {
  const { order, intent, now } = state;
  return planChange(state, 'confirmed', 'card saved', {
    patch: {
      authorizedAt: now,
      stripePaymentMethodId: intent.paymentMethod,
      stripeCustomerId: intent.customer ?? order.stripeCustomerId,
    },
    mail: { kind: 'received' },
    nudge: 'past-goal',
  });
}
