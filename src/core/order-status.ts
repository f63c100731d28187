/**
 * Pending order lifecycle (design.md section 3): pending (intent created) → confirmed (card held or
 * saved, counts toward the goal) → charged. cancelled and failed end it.
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'charged', 'cancelled', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'charged', 'cancelled', 'failed'],
  // confirmed → pending: a lapsed hold leaves the goal and waits for the diner to authorize again.
  confirmed: ['charged', 'cancelled', 'failed', 'pending'],
  // failed → confirmed or charged: the diner paid again within the 48-hour window.
  failed: ['confirmed', 'charged', 'cancelled'],
  charged: [],
  cancelled: [],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders whose food counts toward the event's goal. */
export const COUNTED_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged'];

export function isCancellableByDiner(status: OrderStatus): boolean {
  return status === 'pending' || status === 'confirmed';
}

/** A pending order never authorized is dropped after an hour. */
export const STALE_PENDING_ORDER_MS = 60 * 60 * 1000;

/** Card holds lapse after about 7 days; further out than 6 days we save the card instead. */
export const HOLD_WINDOW_MS = 6 * 24 * 60 * 60 * 1000;

/** The diner's window to fix a failed off-session charge. */
export const FIX_PAYMENT_WINDOW_MS = 48 * 60 * 60 * 1000;

export type PaymentMode = 'hold' | 'save';

/** Hold the card when the event starts within 6 days; otherwise save it and charge it off-session later. */
export function choosePaymentMode(now: Date, startsAt: Date): PaymentMode {
  return startsAt.getTime() - now.getTime() <= HOLD_WINDOW_MS ? 'hold' : 'save';
}
