import { calledOffBy, type CallOffRecord } from '@core/call-off';
import type { EventStatus } from '@core/event-status';
import { formatCents } from '@core/money';
import type { Funding } from './event-state';

export interface ClosedNotice {
  tone: 'info' | 'success' | 'warning';
  title: string;
  text: string;
}

/**
 * What the page says about an event that takes no orders now. Reaching the goal is final for diners,
 * but a charge can still fail after it (docs/decisions/015-money-engine.md): until the fix window
 * settles the event, the page says money is missing rather than "Goal reached!".
 */
export function describeClosedNotice(
  status: EventStatus,
  funding: Funding = { currentCents: 0, goalCents: 0 },
  callOff?: Pick<CallOffRecord, 'cancelledBy' | 'cancelReason' | 'cancelNote' | 'cutShortAt'>,
): ClosedNotice {
  const shortfallCents = status === 'processing' ? Math.max(0, funding.goalCents - funding.currentCents) : 0;
  switch (status) {
    case 'pending_approval':
      return {
        tone: 'info',
        title: "Awaiting the food truck's approval",
        text: 'This event is waiting for the food truck to accept it and takes no orders yet. Pre-orders open once it is approved.',
      };
    case 'processing':
      if (shortfallCents > 0) {
        return {
          tone: 'warning',
          title: 'Some payments did not go through',
          text: `This event reached its goal, but some charges failed and ${formatCents(shortfallCents)} is missing. Those diners have been asked to pay again; if they don't, the event is called off and everyone who was charged is refunded in full.`,
        };
      }
      return {
        tone: 'success',
        title: 'Goal reached!',
        text: 'This event reached its funding goal. Orders are closed now that the event has started.',
      };
    case 'confirmed':
      return {
        tone: 'success',
        title: 'Event confirmed: the goal was reached!',
        text: 'Every pre-order has been charged and the food truck is coming. Orders are closed now that the event has started.',
      };
    case 'payment_failed':
      return {
        tone: 'warning',
        title: 'This event will not take place',
        text: "Not enough payments went through to cover the food truck's minimum. Everyone who was charged has been refunded in full.",
      };
    case 'closed':
      if (callOff?.cutShortAt) {
        const by = calledOffBy(callOff);
        return {
          tone: 'warning',
          title: 'This event ended early',
          text: `It was cut short by ${by} after it started${callOff.cancelNote ? `: “${callOff.cancelNote}”` : ''}. Diners who had collected their food keep their order; everyone else is refunded in full or has their card hold released.`,
        };
      }
      return {
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event has taken place and no longer takes pre-orders.',
      };
    default:
      return {
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event no longer takes pre-orders.',
      };
  }
}
