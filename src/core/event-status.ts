/**
 * Event lifecycle (docs/decisions/015-money-engine.md). `open` is kept for compatibility and never
 * entered. Reaching the goal (`approved` → `processing`) is final for diners: from then on the event
 * keeps taking orders, charged at once, and no diner can cancel; `processing` only means that held
 * cards are still being captured.
 */
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
  // Called off before the start: cancelled, every charge refunded. From the start until the end: cut
  // short, which closes it with what was collected (src/core/call-off.ts).
  processing: ['confirmed', 'payment_failed', 'cancelled', 'closed'],
  confirmed: ['closed', 'cancelled'],
  payment_failed: ['closed'],
  rejected: [],
  open: [],
  closed: [],
  cancelled: [],
};

export function canTransitionEvent(from: EventStatus, to: EventStatus): boolean {
  return EVENT_TRANSITIONS[from].includes(to);
}

export class IllegalTransitionError extends Error {
  constructor(entity: 'event' | 'order', id: number | undefined, from: string, to: string) {
    super(
      `${entity === 'event' ? 'Event' : 'Order'}${id === undefined ? '' : ` ${id}`} cannot go from ${from} to ${to}`,
    );
    this.name = 'IllegalTransitionError';
  }
}

export function assertEventTransition(from: EventStatus, to: EventStatus, id?: number): void {
  if (!canTransitionEvent(from, to)) throw new IllegalTransitionError('event', id, from, to);
}

/** Statuses in which the event is shown publicly. */
export const LIVE_EVENT_STATUSES: readonly EventStatus[] = ['approved', 'processing', 'confirmed'];

/**
 * Whether the truck ever accepted the event. Until it has (or once it refused), the event has no public
 * page, calendar file, share card or updates.
 */
export function wasAcceptedByTruck(status: EventStatus): boolean {
  return status !== 'pending_approval' && status !== 'rejected' && status !== 'open';
}

/** Statuses that end the event's story without food: the public page says it is not available. */
export const UNAVAILABLE_EVENT_STATUSES: readonly EventStatus[] = ['cancelled', 'rejected'];

/** Statuses of an event whose authorized sales reached the truck's minimum at some point. */
export const GOAL_REACHED_EVENT_STATUSES: readonly EventStatus[] = ['processing', 'confirmed', 'closed'];

/** The event's authorized sales have reached the truck's minimum at some point: final for diners. */
export function hasReachedGoal(status: EventStatus): boolean {
  return GOAL_REACHED_EVENT_STATUSES.includes(status);
}

/**
 * Whether sales of `currentCents` take a live event over its goal now: the one moment an event moves
 * from `approved` to `processing`.
 */
export function reachesGoal(status: EventStatus, currentCents: number, minimumCents: number): boolean {
  return status === 'approved' && currentCents >= minimumCents;
}

/**
 * Pre-orders are taken while the event is live (held before the goal, charged at once after it),
 * until the start. `processing` is an internal capture state, never a reason to refuse a diner.
 */
export function isTakingOrders(status: EventStatus, now: Date, startsAt: Date): boolean {
  return LIVE_EVENT_STATUSES.includes(status) && now < startsAt;
}

/** Statuses in which orders are charged rather than held: the goal is reached and the event is on. */
export const CHARGE_NOW_EVENT_STATUSES: readonly EventStatus[] = ['processing', 'confirmed'];

/** New orders are charged at once (automatic capture) once the goal has been reached. */
export function shouldChargeNow(status: EventStatus): boolean {
  return CHARGE_NOW_EVENT_STATUSES.includes(status);
}

/** Card holds are placed only while the goal is not yet met; holds of a dead event are released. */
export function acceptsHolds(status: EventStatus): boolean {
  return LIVE_EVENT_STATUSES.includes(status);
}

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  pending_approval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  open: 'Open',
  processing: 'Funded',
  confirmed: 'Confirmed',
  payment_failed: 'Payment failed',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** The window a truck has to answer a request. */
export const APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When a truck must have answered a request: 24 hours after it was sent, or the start if sooner. */
export function approvalDeadline(requestedAt: Date, startsAt: Date): Date {
  return new Date(Math.min(requestedAt.getTime() + APPROVAL_WINDOW_MS, startsAt.getTime()));
}

/**
 * The organizer edits the event's words, cover and expected diners until it is over: not once it was
 * turned down, called off, failed or closed, nor after its end (docs/decisions/130-editing-an-event.md).
 */
export function isEditableEvent(status: EventStatus, now: Date, endsAt: Date): boolean {
  return (
    (status === 'pending_approval' || LIVE_EVENT_STATUSES.includes(status)) &&
    now.getTime() < endsAt.getTime()
  );
}

/**
 * A new date, time or place is a change the truck must accept: asked for only of an event the truck
 * took on, that is live and has not started (docs/decisions/130-editing-an-event.md).
 */
export function acceptsScheduleChange(status: EventStatus, now: Date, startsAt: Date): boolean {
  return LIVE_EVENT_STATUSES.includes(status) && now.getTime() < startsAt.getTime();
}

/**
 * When the truck must have answered a change: 24 hours after it was asked, or the current start if sooner.
 * @alias
 */
export const changeAnswerDeadline = approvalDeadline;

export const CHANGE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'lapsed', 'replaced'] as const;
