/**
 * The words of the payment planner (`payment-plan.ts`): what it knows of an order, its event and the
 * provider's intent, and the plans it answers with. Shared by the planners of saved cards and of the
 * provider's news, and by the server code that carries a plan out.
 */
import type { EventStatus } from './event-status';
import type { OrderStatus } from './order-status';
import type { OrderPlan } from './status-plan';

/** A PaymentIntent's status, as Stripe names it. */
export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

export type CancelRequestedBy = 'diner' | 'event' | 'unpaid';

/** What the planner knows of an order: its row as read or as locked. */
export interface PaymentOrder {
  id: number;
  status: OrderStatus;
  /** The food: what counts toward the goal. */
  subtotalCents: number;
  /** A charge owed back (`refundDueAt` set): it never counts toward the goal. */
  refundDue: boolean;
  authorizedAt: Date | null;
  fixPaymentDeadline: Date | null;
  cancelRequestedBy: CancelRequestedBy | null;
  /** The order still names the reported intent (false: it was replaced, the money is no order's). */
  ownsIntent: boolean;
}

export interface PaymentEvent {
  status: EventStatus;
  startsAt: Date;
}

/** The intent as the provider reports it now. */
export interface ReportedIntent {
  status: IntentStatus;
  /** The card's message from the last refused attempt. */
  lastPaymentError: string | null;
  /** A card was confirmed on the intent (even if the order never recorded it). */
  paymentMethod: string | null;
}

export interface PaymentState {
  order: PaymentOrder;
  event: PaymentEvent;
  intent: ReportedIntent;
  now: Date;
}

/** What the caller holds: nothing (the rows as read), the order's lock alone, or the event's and the order's. */
export type PaymentLock = 'none' | 'order' | 'event';

/** Columns of the order that change with its status (never the status itself). */
export interface PaymentPatch {
  authorizedAt?: Date;
  chargedAt?: Date;
  cancelledAt?: Date;
  releasedAt?: Date;
  failureMessage?: string | null;
  fixPaymentDeadline?: Date | null;
  captureClaimedAt?: null;
  cancelRequestedBy?: CancelRequestedBy;
  refundDueAt?: Date;
  refundReason?: string;
  stripePaymentMethodId?: string | null;
  stripeCustomerId?: string | null;
  stripePaymentIntentId?: string;
}

/** The diner's mail about the change. */
export type PaymentMail =
  | { kind: 'received' }
  | { kind: 'charged' }
  | { kind: 'fix-payment'; why: 'declined' | 'lapsed' }
  | { kind: 'cancelled'; why: CancelRequestedBy };

/**
 * Whether the reconciler is woken once the change commits: `past-goal` when the event is past its goal
 * afterwards (a new hold there is captured at once), `goal-reached` when this change took it there
 * (the order path's single statement never does).
 */
export type Nudge = 'no' | 'yes' | 'past-goal' | 'goal-reached';

/** Whether a change carried out wakes the reconciler, given the event as the change left it. */
export function nudgesAfter(
  nudge: Nudge,
  after: { eventStatus: EventStatus; goalReached: boolean },
): boolean {
  if (nudge === 'past-goal') return after.eventStatus !== 'approved';
  if (nudge === 'goal-reached') return after.goalReached;
  return nudge === 'yes';
}

export interface PaymentChange {
  to: OrderStatus;
  reason: string;
  patch: PaymentPatch;
  /** What the engine does with it: the status, what is owed back, the sales delta, the log row. */
  move: OrderPlan;
  mail: PaymentMail | null;
  nudge: Nudge;
  /** A charge landed on an order that must not be charged: it is refunded, and an operator told. */
  alert: 'wrongful-charge' | null;
}

export type PaymentPlan =
  /** The order already says what the intent says: nothing to lock or write. */
  | { kind: 'settled' }
  /** Decide again under this lock. */
  | { kind: 'lock'; lock: 'order' | 'event' }
  /** Counted by the order path's single statement; if it declines, decide under the event's lock. */
  | { kind: 'count'; change: PaymentChange }
  /** Carried out under the lock held. */
  | { kind: 'change'; change: PaymentChange }
  /** Only a column changes, no status (a hold confirmed just as the event was called off). */
  | { kind: 'note'; patch: { authorizedAt: Date }; nudge: Nudge }
  /** The order now names another intent: the money at the provider is no order's. */
  | { kind: 'orphan' }
  /** Under the lock, nothing changes. */
  | { kind: 'none' };

export const SETTLED: PaymentPlan = { kind: 'settled' };
export const NONE: PaymentPlan = { kind: 'none' };
export const LOCK_EVENT: PaymentPlan = { kind: 'lock', lock: 'event' };
