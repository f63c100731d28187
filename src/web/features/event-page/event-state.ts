import {
  isTakingOrders,
  shouldChargeNow,
  UNAVAILABLE_EVENT_STATUSES,
  type EventStatus,
} from '@core/event-status';

export type EventNotice =
  | { kind: 'unavailable' }
  | { kind: 'taking-orders'; chargedAtOnce: boolean }
  | { kind: 'closed'; tone: 'info' | 'success' | 'warning'; title: string; text: string };

/** What the page says about an event's status, and whether it takes orders now. */
export function describeEventState(status: EventStatus, startsAt: Date, now: Date): EventNotice {
  if (UNAVAILABLE_EVENT_STATUSES.includes(status)) return { kind: 'unavailable' };
  if (isTakingOrders(status, now, startsAt))
    return { kind: 'taking-orders', chargedAtOnce: shouldChargeNow(status) };
  switch (status) {
    case 'pending_approval':
      return {
        kind: 'closed',
        tone: 'info',
        title: "Awaiting the food truck's approval",
        text: 'This event is waiting for the food truck to accept it and takes no orders yet. Pre-orders open once it is approved.',
      };
    case 'processing':
      return {
        kind: 'closed',
        tone: 'success',
        title: 'Goal reached!',
        text: 'This event reached its funding goal. Orders are closed now that the event has started.',
      };
    case 'confirmed':
      return {
        kind: 'closed',
        tone: 'success',
        title: 'Event confirmed: the goal was reached!',
        text: 'Every pre-order has been charged and the food truck is coming. Orders are closed now that the event has started.',
      };
    case 'payment_failed':
      return {
        kind: 'closed',
        tone: 'warning',
        title: 'This event will not take place',
        text: "Not enough payments went through to cover the food truck's minimum. Everyone who was charged has been refunded in full.",
      };
    default:
      return {
        kind: 'closed',
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event no longer takes pre-orders.',
      };
  }
}
