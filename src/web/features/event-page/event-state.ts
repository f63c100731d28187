import {
  isTakingOrders,
  shouldChargeNow,
  UNAVAILABLE_EVENT_STATUSES,
  type EventStatus,
} from '@core/event-status';
import { formatCents } from '@core/money';
import { calledOffBy, type CallOffRecord } from '@core/call-off';

export type EventNotice =
  | { kind: 'unavailable' }
  | {
      kind: 'taking-orders';
      chargedAtOnce: boolean;
      /** The goal was reached, then charges failed: what is still missing, in cents (else 0). */
      shortfallCents: number;
    }
  | { kind: 'closed'; tone: 'info' | 'success' | 'warning'; title: string; text: string };

/** Sales counted toward the goal now (authorized or charged), and the goal, in cents. */
export interface Funding {
  currentCents: number;
  goalCents: number;
}

/**
 * What the page says about an event's status, and whether it takes orders now. Reaching the goal is
 * final for diners, but a charge can still fail after it (docs/decisions/015-money-engine.md): until the
 * fix window settles the event, the page says money is missing rather than "Goal reached!".
 */
export function describeEventState(
  status: EventStatus,
  startsAt: Date,
  now: Date,
  funding: Funding = { currentCents: 0, goalCents: 0 },
  callOff?: Pick<CallOffRecord, 'cancelledBy' | 'cancelReason' | 'cancelNote' | 'cutShortAt'>,
): EventNotice {
  if (UNAVAILABLE_EVENT_STATUSES.includes(status)) return { kind: 'unavailable' };
  const shortfallCents = status === 'processing' ? Math.max(0, funding.goalCents - funding.currentCents) : 0;
  if (isTakingOrders(status, now, startsAt))
    return { kind: 'taking-orders', chargedAtOnce: shouldChargeNow(status), shortfallCents };
  switch (status) {
    case 'pending_approval':
      return {
        kind: 'closed',
        tone: 'info',
        title: "Awaiting the food truck's approval",
        text: 'This event is waiting for the food truck to accept it and takes no orders yet. Pre-orders open once it is approved.',
      };
    case 'processing':
      if (shortfallCents > 0) {
        return {
          kind: 'closed',
          tone: 'warning',
          title: 'Some payments did not go through',
          text: `This event reached its goal, but some charges failed and ${formatCents(shortfallCents)} is missing. Those diners have been asked to pay again; if they don't, the event is called off and everyone who was charged is refunded in full.`,
        };
      }
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
    case 'closed':
      if (callOff?.cutShortAt) {
        const by = calledOffBy(callOff);
        return {
          kind: 'closed',
          tone: 'warning',
          title: 'This event ended early',
          text: `It was cut short by ${by} after it started${callOff.cancelNote ? `: “${callOff.cancelNote}”` : ''}. Diners who had collected their food keep their order; everyone else is refunded in full or has their card hold released.`,
        };
      }
      return {
        kind: 'closed',
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event has taken place and no longer takes pre-orders.',
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
