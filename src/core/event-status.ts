/** Event lifecycle (design.md section 3). `open` is kept for compatibility and never entered. */
export const EVENT_STATUSES = [
  'pending_approval',
  'approved',
  'rejected',
  'open',
  'processing',
  'confirmed',
  'payment_failed',
  'closed',
  'cancelled',
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const EVENT_TRANSITIONS: Record<EventStatus, readonly EventStatus[]> = {
  pending_approval: ['approved', 'rejected', 'cancelled'],
  approved: ['processing', 'cancelled'],
  processing: ['confirmed', 'payment_failed'],
  confirmed: ['closed'],
  payment_failed: ['closed'],
  rejected: [],
  open: [],
  closed: [],
  cancelled: [],
};

export function canTransitionEvent(from: EventStatus, to: EventStatus): boolean {
  return EVENT_TRANSITIONS[from].includes(to);
}

export function assertEventTransition(from: EventStatus, to: EventStatus): void {
  if (!canTransitionEvent(from, to)) throw new Error(`An event cannot go from ${from} to ${to}`);
}

/** Statuses in which the event is shown publicly. */
export const LIVE_EVENT_STATUSES: readonly EventStatus[] = ['approved', 'processing', 'confirmed'];

/** Statuses that end the event's story without food: the public page says it is not available. */
export const UNAVAILABLE_EVENT_STATUSES: readonly EventStatus[] = ['cancelled', 'rejected'];

/** Pre-orders are taken while approved (held) or confirmed (charged at once), until the start. */
export function isTakingOrders(status: EventStatus, now: Date, startsAt: Date): boolean {
  return (status === 'approved' || status === 'confirmed') && now < startsAt;
}

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  pending_approval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  open: 'Open',
  processing: 'Processing payments',
  confirmed: 'Confirmed',
  payment_failed: 'Payment failed',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** The window a truck has to answer a request (spec section 9). */
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;
