/**
 * What the payment provider's word on an order's PaymentIntent means, decided without touching anything
 * (issue 38): the order's move with the columns that change with it (its sales delta and log row from
 * `planOrderMove`), the diner's mail, whether the reconciler is woken, and an alert. The webhook, the
 * browser's sync call, the capture fan-out, the release task and the sweep all hand over an intent just
 * retrieved; `src/server/orders/sync-order.ts` carries the plan out through the engine. Saved cards:
 * `saved-card-plan.ts`; webhooks worth a retrieve and money no order owns: `provider-news-plan.ts`.
 *
 * An intent is applied in up to three steps, each a call here with what the caller holds:
 * - `none`: the rows as read. Already reflected (`settled`); the common cases `count`ed by the order
 *   path's single statement (decision 088), which declines a goal crossing; a held order's capture
 *   takes the order's lock alone; anything else the event's.
 * - `order`: the order locked, its event as last committed. Only a held order of a funded event is
 *   charged here: its food already counts, so the event's sales and status stay.
 * - `event`: both locked. Every case is decided; a charge that must not be is kept, owed back, alerted.
 * A step that declines (`lock`) passes to the event's lock.
 */
import { acceptsHolds, isTakingOrders, shouldChargeNow } from './event-status';
import { fixPaymentDeadline, type OrderStatus } from './order-status';
import { planOrderMove } from './status-plan';
import {
  SETTLED,
  NONE,
  LOCK_EVENT,
  type IntentStatus,
  type PaymentOrder,
  type PaymentEvent,
  type PaymentState,
  type PaymentLock,
  type PaymentPatch,
  type PaymentMail,
  type Nudge,
  type PaymentChange,
  type PaymentPlan,
} from './payment-plan-types';

/**
 * What a sync finds already done: the order is past what this intent status could change (the locking
 * step would change nothing either), so neither a lock nor a write is needed. A second delivery of the
 * same news (the card form's answer, then the browser's sync call, then the webhook) ends here.
 */
export function alreadyReflects(order: OrderStatus, intent: IntentStatus): boolean {
  if (intent === 'requires_capture') return order !== 'pending' && order !== 'failed';
  if (intent === 'succeeded') return order === 'charged' || order === 'refunded';
  return false;
}

/** What the provider's PaymentIntent means for the order, given what the caller holds. */
export function planPaymentIntent(state: PaymentState, lock: PaymentLock): PaymentPlan {
  if (lock === 'none') return planAsRead(state);
  if (lock === 'order') return planUnderOrderLock(state);
  return planUnderEventLock(state);
}

function planAsRead(state: PaymentState): PaymentPlan {
  const { order, event, intent, now } = state;
  if (alreadyReflects(order.status, intent.status)) return SETTLED;
  if (intent.status === 'succeeded' && order.status === 'confirmed' && !order.refundDue) {
    return { kind: 'lock', lock: 'order' };
  }
  const isNewPayment = order.status === 'pending' || order.status === 'failed';
  if (isNewPayment && isTakingOrders(event.status, now, event.startsAt)) {
    if (intent.status === 'requires_capture') return { kind: 'count', change: authorized(state) };
    if (intent.status === 'succeeded') return { kind: 'count', change: charged(state) };
  }
  return LOCK_EVENT;
}

/** A held order of a funded event is charged; its food already counts, so nothing of the event moves. */
function planUnderOrderLock(state: PaymentState): PaymentPlan {
  const { order, event, intent, now } = state;
  if (intent.status !== 'succeeded' || !order.ownsIntent) return LOCK_EVENT;
  if (order.status !== 'confirmed' || order.refundDue || !shouldChargeNow(event.status)) return LOCK_EVENT;
  return {
    kind: 'change',
    change: planChange(state, 'charged', 'payment captured', {
      patch: { chargedAt: now, failureMessage: null, fixPaymentDeadline: null },
      mail: { kind: 'charged' },
    }),
  };
}

function planUnderEventLock(state: PaymentState): PaymentPlan {
  const { order, event, intent, now } = state;
  if (!order.ownsIntent) return { kind: 'orphan' };
  switch (intent.status) {
    case 'requires_capture': {
      if (order.status === 'cancelling' && !order.authorizedAt) {
        // Authorized just as its event was called off: the release to come is told to the diner.
        return { kind: 'note', patch: { authorizedAt: now }, nudge: 'yes' };
      }
      if (order.status !== 'pending' && order.status !== 'failed') return NONE;
      if (!isTakingOrders(event.status, now, event.startsAt)) {
        // Authorized after the event ended or started: it never counts, and the release task frees it.
        const reason = acceptsHolds(event.status)
          ? 'authorized after the start'
          : 'authorized after the event ended';
        return {
          kind: 'change',
          change: planChange(state, 'cancelling', reason, {
            patch: { cancelRequestedBy: 'event', authorizedAt: now },
            nudge: 'yes',
          }),
        };
      }
      return { kind: 'change', change: authorized(state) };
    }
    case 'succeeded':
      return planCharge(state);
    case 'canceled':
      return planCanceled(state);
    case 'requires_payment_method': {
      // A capture the card refused: the order leaves the goal and the diner has 48 hours to pay again.
      if (order.status !== 'confirmed' || !intent.lastPaymentError) return NONE;
      return { kind: 'change', change: chargeDeclined(state, intent.lastPaymentError) };
    }
    default:
      return NONE;
  }
}

/**
 * A `confirmed` order's charge the card refused (the capture's intent reports it, or the capture
 * fan-out's call was answered with a decline): the order leaves the goal and the diner has 48 hours to
 * pay again. `intentId`: the intent an off-session charge created, which the order records.
 */
export function chargeDeclined(
  {
    order,
    event,
    now,
  }: {
    order: Pick<PaymentOrder, 'id' | 'status' | 'subtotalCents' | 'refundDue'>;
    event: Pick<PaymentEvent, 'startsAt'>;
    now: Date;
  },
  message: string,
  intentId?: string,
): PaymentChange {
  return planChange({ order, now }, 'failed', 'charge declined', {
    patch: {
      failureMessage: message,
      fixPaymentDeadline: fixPaymentDeadline(now, event.startsAt),
      ...(intentId !== undefined ? { stripePaymentIntentId: intentId } : {}),
      captureClaimedAt: null,
    },
    mail: { kind: 'fix-payment', why: 'declined' },
    nudge: 'yes',
  });
}

/** A card held: the order counts toward the goal; past the goal, the capture fan-out takes it at once. */
function authorized(state: PaymentState): PaymentChange {
  const { order, now } = state;
  return planChange(
    state,
    'confirmed',
    order.status === 'failed' ? 'card authorized again' : 'card authorized',
    {
      patch: { authorizedAt: now, failureMessage: null, fixPaymentDeadline: null, captureClaimedAt: null },
      mail: { kind: 'received' },
      nudge: 'past-goal',
    },
  );
}

/** A payment taken: the order is charged (and counts, if it did not already). */
function charged(state: PaymentState): PaymentChange {
  return planChange(state, 'charged', 'payment captured', {
    patch: chargePatch(state),
    mail: { kind: 'charged' },
    nudge: 'goal-reached',
  });
}

function chargePatch({ order, now }: PaymentState): PaymentPatch {
  return {
    chargedAt: now,
    authorizedAt: order.authorizedAt ?? now,
    failureMessage: null,
    fixPaymentDeadline: null,
  };
}

/**
 * A charge under the event's lock. A held order of a funded event is captured whenever the fan-out gets
 * to it; a new payment (pending, or paying again) counts only while the event takes orders, before its
 * start. Any other charge must not be: it is kept as `charged`, owed back at once, and alerted.
 */
function planCharge(state: PaymentState): PaymentPlan {
  const { order, event, now } = state;
  if (order.status === 'charged' || order.status === 'refunded') return NONE;
  const cancelled = order.status === 'cancelling' || order.status === 'cancelled';
  const isNewPayment = order.status === 'pending' || order.status === 'failed';
  const mustNotCharge =
    cancelled ||
    (isNewPayment ? !isTakingOrders(event.status, now, event.startsAt) : !acceptsHolds(event.status));
  if (!mustNotCharge) return { kind: 'change', change: charged(state) };
  const reason = cancelled
    ? 'charged after cancellation'
    : acceptsHolds(event.status)
      ? 'charged after the start'
      : `charged after the event ${event.status === 'payment_failed' ? 'failed' : 'ended'}`;
  return {
    kind: 'change',
    change: planChange(state, 'charged', reason, {
      patch: { ...chargePatch(state), refundDueAt: now, refundReason: reason },
      refundDue: true,
      nudge: 'yes',
      alert: 'wrongful-charge',
    }),
  };
}

/** The intent was canceled: by us (a release), by the diner's abandoned checkout, or by the provider (a lapsed hold). */
function planCanceled(state: PaymentState): PaymentPlan {
  const { order, event, intent, now } = state;
  switch (order.status) {
    case 'pending':
      return {
        kind: 'change',
        change: planChange(state, 'cancelled', 'payment abandoned', {
          patch: { cancelledAt: now, releasedAt: now },
        }),
      };
    case 'cancelling':
      // A card was confirmed on the intent (it names a payment method) even if we never recorded it.
      return { kind: 'change', change: planRelease(order, now, intent.paymentMethod !== null) };
    case 'confirmed':
      // A hold that lapsed (Stripe cancels it after about 7 days): it leaves the goal; the diner is asked again.
      return {
        kind: 'change',
        change: planChange(state, 'failed', 'hold lapsed', {
          patch: {
            failureMessage: 'The authorization on your card expired.',
            fixPaymentDeadline: fixPaymentDeadline(now, event.startsAt),
            captureClaimedAt: null,
          },
          mail: { kind: 'fix-payment', why: 'lapsed' },
          nudge: 'yes',
        }),
      };
    case 'failed':
      if (order.fixPaymentDeadline && order.fixPaymentDeadline > now) return NONE;
      return {
        kind: 'change',
        change: planChange(state, 'cancelled', 'payment not fixed in time', {
          patch: { cancelledAt: now, releasedAt: now },
          mail: { kind: 'cancelled', why: 'unpaid' },
          nudge: 'yes',
        }),
      };
    default:
      return NONE;
  }
}

/**
 * A `cancelling` order whose hold the provider has released (or that held nothing): it is cancelled,
 * and a diner who had a card held or saved (or confirmed one, even if that was never recorded) is told.
 */
export function planRelease(
  order: Pick<
    PaymentOrder,
    'id' | 'status' | 'subtotalCents' | 'refundDue' | 'authorizedAt' | 'cancelRequestedBy'
  >,
  now: Date,
  cardConfirmed = false,
): PaymentChange {
  const why = order.cancelRequestedBy ?? 'event';
  const reason =
    why === 'diner'
      ? 'cancelled by diner'
      : why === 'unpaid'
        ? 'payment not fixed in time'
        : 'released: event ended';
  return planChange({ order, now }, 'cancelled', reason, {
    patch: {
      cancelledAt: now,
      releasedAt: now,
      ...(cardConfirmed && !order.authorizedAt ? { authorizedAt: now } : {}),
    },
    mail: order.authorizedAt || cardConfirmed ? { kind: 'cancelled', why } : null,
  });
}

/** A change to `to`, its move planned (`planOrderMove`: an illegal one throws); no mail, no wake-up, unless said. */
export function planChange(
  { order, now }: { order: Pick<PaymentOrder, 'id' | 'status' | 'subtotalCents' | 'refundDue'>; now: Date },
  to: OrderStatus,
  reason: string,
  rest: {
    patch: PaymentPatch;
    mail?: PaymentMail | null;
    nudge?: Nudge;
    refundDue?: boolean;
    alert?: 'wrongful-charge';
  },
): PaymentChange {
  return {
    to,
    reason,
    patch: rest.patch,
    move: planOrderMove(order, to, { at: now, reason, refundDue: rest.refundDue }),
    mail: rest.mail ?? null,
    nudge: rest.nudge ?? 'no',
    alert: rest.alert ?? null,
  };
}
