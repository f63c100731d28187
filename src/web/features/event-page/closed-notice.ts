import { calledOffBy, type CallOffRecord } from '@core/call-off';
import type { NoticeKind } from '@core/event-story';
import { formatCents } from '@core/money';
import type { Funding } from './event-state';

export interface ClosedNotice {
  tone: 'info' | 'success' | 'warning';
  title: string;
  text: string;
}

/**
 * The words of the notice the state table (src/core/event-story.ts) puts above the page. Reaching
 * the goal is final for diners, but a charge can still fail after it (docs/decisions/015-money-engine.md):
 * until the fix window settles the event, the page says money is missing rather than "Goal reached!".
 */
export function describeClosedNotice(
  kind: Exclude<NoticeKind, null | 'taken-down'>,
  funding: Funding = { currentCents: 0, goalCents: 0 },
  callOff?: Pick<CallOffRecord, 'cancelledBy' | 'cancelReason' | 'cancelNote' | 'cutShortAt'>,
): ClosedNotice {
  const shortfallCents = Math.max(0, funding.goalCents - funding.currentCents);
  switch (kind) {
    case 'pending':
      return {
        tone: 'info',
        title: "Awaiting the food truck's approval",
        text: 'This event is waiting for the food truck to accept it and takes no orders yet. Pre-orders open once it is approved.',
      };
    case 'shortfall':
      return {
        tone: 'warning',
        title: 'Some payments did not go through',
        text: `This event reached its goal, but some charges failed and ${formatCents(shortfallCents)} is missing. Those diners have been asked to pay again; if they don't, the event is called off and everyone who was charged is refunded in full.`,
      };
    case 'under-way':
      return {
        tone: 'success',
        title: 'The event is under way',
        text: 'This event reached its funding goal and has started. Orders are closed; diners who pre-ordered pick up their food with their pickup code.',
      };
    case 'unfunded-started':
      return {
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event did not reach its goal before it started, so it will not take place. No card is charged.',
      };
    case 'failed':
      return {
        tone: 'warning',
        title: 'This event will not take place',
        text: "Not enough payments went through to cover the food truck's minimum. Everyone who was charged has been refunded in full.",
      };
    case 'cut-short': {
      const by = callOff ? calledOffBy(callOff) : 'us';
      return {
        tone: 'warning',
        title: 'This event ended early',
        text: `It was cut short by ${by} after it started${callOff?.cancelNote ? `: “${callOff.cancelNote}”` : ''}. Diners who had collected their food keep their order; everyone else is refunded in full or has their card hold released.`,
      };
    }
    case 'closed':
      return {
        tone: 'info',
        title: 'Orders are closed',
        text: 'This event has taken place and no longer takes pre-orders.',
      };
  }
}
