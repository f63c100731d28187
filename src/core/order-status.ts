import { hasReachedGoal, IllegalTransitionError, type EventStatus } from './event-status';

/**
 * Pending order lifecycle (docs/decisions/015-money-engine.md): pending (intent created) → confirmed
 * (card held or saved, counts toward the goal) → charged → refunded. `cancelling` means a release was
 * asked for and the provider has not yet confirmed it; an order becomes `cancelled` only once it has.
 * `failed`: the authorization or the charge was refused, and the diner may pay again for 48 hours.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'charged',
  'refunded',
  'cancelling',
  'cancelled',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'charged', 'cancelling', 'cancelled', 'failed'],
  // confirmed → failed: a lapsed hold, or a refused capture, leaves the goal until the diner pays again.
  confirmed: ['charged', 'cancelling', 'failed'],
  // failed → confirmed or charged: the diner paid again within the 48-hour window.
  failed: ['confirmed', 'charged', 'cancelling', 'cancelled'],
  // cancelling → charged: the provider says the payment went through after all (then it is refunded).
  cancelling: ['cancelled', 'charged'],
  charged: ['refunded'],
  // refunded → charged: the provider reported the refund failed; the money is owed back again (retried).
  refunded: ['charged'],
  // cancelled → charged only when the provider reports a charge after all: it is then refunded at once.
  cancelled: ['charged'],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function assertOrderTransition(from: OrderStatus, to: OrderStatus, id?: number): void {
  if (!canTransitionOrder(from, to)) throw new IllegalTransitionError('order', id, from, to);
}

/**
 * Whether an order's food counts toward the event's goal: held or charged, and not owed back. A charge
 * that must be refunded (it landed on a cancelled order, or its event failed) never counts.
 */
export function countsTowardGoal(order: { status: OrderStatus; refundDue: boolean }): boolean {
  return (order.status === 'confirmed' || order.status === 'charged') && !order.refundDue;
}

/** Orders whose food is on: held (the card authorized or saved) or charged. Prep lists and totals count these. */
export const COUNTED_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged'];

/** Statuses whose money or hold may still be with the provider: what an event's call-off must unwind. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'failed'];

/** What a diner's own order list shows. */
export const VISIBLE_ORDER_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'charged',
  'failed',
  'cancelling',
  'refunded',
];

/**
 * What a diner's cancellation depends on besides the two statuses: whether the event's date, times or
 * place changed (an accepted change request) after the order was placed, before the new start. Such a
 * diner did not agree to the new plan and may leave even after the goal: a hold is released, a charge
 * refunded in full (docs/decisions/131-diners-may-leave-a-changed-event.md).
 */
export interface CancelContext {
  changedSinceOrder?: boolean;
}

/** The event changed after this order was placed, and the (new) start has not come yet. */
export function isEntitledByChange(
  event: { changedAt: Date | null; startsAt: Date },
  order: { createdAt: Date },
  now: Date,
): boolean {
  return event.changedAt !== null && event.changedAt > order.createdAt && now < event.startsAt;
}

/**
 * The cancellation rule: a diner may cancel a hold until the event reaches its goal; after that the
 * goal is final, unless the event changed after the order (then until the new start, for a release or
 * a full refund). A failed order holds nothing and may always be dropped. Answers null when the diner
 * may cancel, or the reason they may not.
 */
export function dinerCancelRefusal(
  eventStatus: EventStatus,
  orderStatus: OrderStatus,
  context: CancelContext = {},
): string | null {
  if (orderStatus === 'refunded') return 'This order has already been refunded';
  if (orderStatus === 'failed') return null;
  if (context.changedSinceOrder && (orderStatus === 'charged' || orderStatus === 'confirmed')) {
    if (eventStatus === 'approved' || eventStatus === 'confirmed') return null;
    // While held cards are being charged, the settlement weighs the charges against the goal.
    if (eventStatus === 'processing') return CHARGES_IN_PROGRESS;
  }
  if (orderStatus === 'charged') return 'This order has already been charged and can no longer be cancelled';
  if (orderStatus !== 'pending' && orderStatus !== 'confirmed') return null;
  if (eventStatus === 'approved') return null;
  if (hasReachedGoal(eventStatus)) {
    return 'This event has reached its goal, so orders can no longer be cancelled';
  }
  return 'This event is no longer taking orders; your card hold is released automatically';
}

export const CHARGES_IN_PROGRESS =
  'Cards for this event are being charged right now; please try again in a few minutes';

/** Whether a diner may cancel this order now: it still holds (or owes) something, and the rule allows it. */
export function canDinerCancel(
  eventStatus: EventStatus,
  orderStatus: OrderStatus,
  context: CancelContext = {},
): boolean {
  const open =
    OPEN_ORDER_STATUSES.includes(orderStatus) || (context.changedSinceOrder && orderStatus === 'charged');
  return !!open && dinerCancelRefusal(eventStatus, orderStatus, context) === null;
}

/** A pending order never authorized is dropped after an hour. */
export const STALE_PENDING_ORDER_MS = 60 * 60 * 1000;

/**
 * Hold the card only when the charge will come within 4 days 18 hours: Visa allows a merchant-initiated
 * capture up to 4 days 18 hours after authorization without re-authorizing (and Stripe cancels an
 * uncaptured PaymentIntent after 7 days). Every charge comes at the latest at the start, so a hold placed
 * closer to the start than this is always captured in time. Further out, the card is saved and charged
 * off-session at the goal.
 */
export const HOLD_WINDOW_MS = (4 * 24 + 18) * 60 * 60 * 1000;

/** The diner's window to fix a failed charge or a lapsed hold, never past the event's start. */
export const FIX_PAYMENT_WINDOW_MS = 48 * 60 * 60 * 1000;

/** When a diner's window to pay again ends: 48 hours from the failure, or the start if sooner. */
export function fixPaymentDeadline(failedAt: Date, startsAt: Date): Date {
  return new Date(Math.min(failedAt.getTime() + FIX_PAYMENT_WINDOW_MS, startsAt.getTime()));
}

/**
 * Whether a hold placed at `authorizedAt` may lapse before an event starting at `startsAt` is charged:
 * an accepted change that moves the start later can outrun a hold (decision 131).
 */
export function holdMayLapseBefore(authorizedAt: Date, startsAt: Date): boolean {
  return startsAt.getTime() - authorizedAt.getTime() > HOLD_WINDOW_MS;
}

export type PaymentMode = 'hold' | 'save';

/** Hold the card when the event starts within the hold window; otherwise save it. */
export function choosePaymentMode(now: Date, startsAt: Date): PaymentMode {
  return startsAt.getTime() - now.getTime() <= HOLD_WINDOW_MS ? 'hold' : 'save';
}

// The most an order may come to, Stripe's maximum charge, is per currency: src/core/currency-limits.ts.

/**
 * The most food one event may sell: $10,000,000. An order that would take the event past it is refused
 * up front, so the event's sums stay far inside their columns (numeric(14, 2)) even with every checkout
 * in flight at once (docs/decisions/125-no-money-without-an-order.md).
 */
export const MAX_EVENT_SALES_CENTS = 1_000_000_000;

/** What an order's record says about its money, for the words a truck, an organizer or a diner reads. */
export interface OrderMoneyRecord {
  status: OrderStatus;
  mode: 'hold' | 'save' | null;
  totalAmount: number;
  refundedAmount: number | null;
  refundDueAt: Date | null;
  refundFailure: string | null;
  /** The provider refused the whole refund for good; an admin settles it (decision 213). */
  refundGaveUpAt?: Date | null;
  authorizedAt: Date | null;
  cancelRequestedBy: 'diner' | 'event' | 'unpaid' | null;
}

/** Where an order's money stands, as a key of the words said for it (`server:payment.*`) and its amounts. */
export type OrderMoneyState =
  | {
      key:
        | 'checkoutNotFinished'
        | 'cardSaved'
        | 'cardHeld'
        | 'refundRefused'
        | 'refundRetrying'
        | 'refundUnderWay'
        | 'refundedInFull'
        | 'charged'
        | 'paymentFailed'
        | 'holdReleasing'
        | 'cancelledBeforePayment'
        | 'cancelledByDiner'
        | 'notPaidAgain'
        | 'holdReleased';
    }
  | { key: 'chargedPartRefunded'; refunded: number }
  | { key: 'refundedPart'; refunded: number; total: number };

/**
 * Where an order's money stands: held, charged, refunded (how much), released, and by whose doing.
 * The organizer's table and CSV say it (`describeOrderMoney` in English, the server in the reader's).
 */
export function orderMoneyState(order: OrderMoneyRecord): OrderMoneyState {
  const refunded = order.refundedAmount ?? 0;
  switch (order.status) {
    case 'pending':
      return { key: 'checkoutNotFinished' };
    case 'confirmed':
      return { key: order.mode === 'save' ? 'cardSaved' : 'cardHeld' };
    case 'charged':
      if (order.refundFailure) return { key: order.refundGaveUpAt ? 'refundRefused' : 'refundRetrying' };
      if (order.refundDueAt) return { key: 'refundUnderWay' };
      if (refunded >= order.totalAmount) return { key: 'refundedInFull' };
      return refunded > 0 ? { key: 'chargedPartRefunded', refunded } : { key: 'charged' };
    case 'refunded':
      return refunded > 0 && refunded < order.totalAmount
        ? { key: 'refundedPart', refunded, total: order.totalAmount }
        : { key: 'refundedInFull' };
    case 'failed':
      return { key: 'paymentFailed' };
    case 'cancelling':
      return { key: 'holdReleasing' };
    case 'cancelled':
      if (!order.authorizedAt) return { key: 'cancelledBeforePayment' };
      if (order.cancelRequestedBy === 'diner') return { key: 'cancelledByDiner' };
      if (order.cancelRequestedBy === 'unpaid') return { key: 'notPaidAgain' };
      return { key: 'holdReleased' };
  }
}

/** The spec's English for each state of an order's money (the `en` catalog holds the same words). */
const ORDER_MONEY_ENGLISH: Record<
  Exclude<OrderMoneyState['key'], 'chargedPartRefunded' | 'refundedPart'>,
  string
> = {
  checkoutNotFinished: 'Checkout not finished',
  cardSaved: 'Card saved, not charged yet',
  cardHeld: 'Card held, not charged yet',
  refundRefused: 'Refund refused, being settled by support',
  refundRetrying: 'Refund failed, being retried',
  refundUnderWay: 'Charged, refund under way',
  refundedInFull: 'Refunded in full',
  charged: 'Charged',
  paymentFailed: 'Payment failed, waiting for the diner to pay again',
  holdReleasing: 'Hold being released',
  cancelledBeforePayment: 'Cancelled before payment',
  cancelledByDiner: 'Cancelled by the diner, hold released',
  notPaidAgain: 'Not paid again in time, cancelled',
  holdReleased: 'Hold released, never charged',
};

/**
 * Where an order's money stands, in a few words of English: held, charged, refunded (how much),
 * released, and by whose doing. The organizer's table and CSV show it, so a call-off never makes an
 * order vanish.
 */
export function describeOrderMoney(order: OrderMoneyRecord, format: (cents: number) => string): string {
  const state = orderMoneyState(order);
  switch (state.key) {
    case 'chargedPartRefunded':
      return `Charged, ${format(state.refunded)} refunded`;
    case 'refundedPart':
      return `Refunded ${format(state.refunded)} of ${format(state.total)}`;
    default:
      return ORDER_MONEY_ENGLISH[state.key];
  }
}
