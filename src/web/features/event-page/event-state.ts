import {
  isTakingOrders,
  shouldChargeNow,
  UNAVAILABLE_EVENT_STATUSES,
  type EventStatus,
} from '@core/event-status';

export type EventNotice =
  | { kind: 'unavailable' }
  | {
      kind: 'taking-orders';
      chargedAtOnce: boolean;
      /** The goal was reached, then charges failed: what is still missing, in cents (else 0). */
      shortfallCents: number;
    }
  /** Not taking orders: what the page says then comes with the notice (./closed-notice.ts). */
  | { kind: 'closed' };

/** Sales counted toward the goal now (authorized or charged), and the goal, in cents. */
export interface Funding {
  currentCents: number;
  goalCents: number;
}

/**
 * Whether the event takes orders now, and how (the words for when it does not are in
 * ./closed-notice.ts, loaded only then). Reaching the goal is
 * final for diners, but a charge can still fail after it (docs/decisions/015-money-engine.md): until the
 * fix window settles the event, the page says money is missing rather than "Goal reached!".
 */
export function describeEventState(
  status: EventStatus,
  startsAt: Date,
  now: Date,
  funding: Funding = { currentCents: 0, goalCents: 0 },
): EventNotice {
  if (UNAVAILABLE_EVENT_STATUSES.includes(status)) return { kind: 'unavailable' };
  const shortfallCents = status === 'processing' ? Math.max(0, funding.goalCents - funding.currentCents) : 0;
  if (isTakingOrders(status, now, startsAt))
    return { kind: 'taking-orders', chargedAtOnce: shouldChargeNow(status), shortfallCents };
  return { kind: 'closed' };
}
