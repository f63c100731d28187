import type { StoryBlocks } from '@core/event-story';

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
 * Whether the page takes orders now, and how, as the state table says (src/core/event-story.ts); the
 * words for when it does not are in ./closed-notice.ts, loaded only then.
 */
export function describeEventState(
  blocks: Pick<StoryBlocks, 'available' | 'banner' | 'actions'>,
  funding: Funding = { currentCents: 0, goalCents: 0 },
): EventNotice {
  if (!blocks.available) return { kind: 'unavailable' };
  if (!blocks.actions.order) return { kind: 'closed' };
  return {
    kind: 'taking-orders',
    chargedAtOnce: blocks.banner !== 'hold',
    shortfallCents: blocks.banner === 'shortfall' ? Math.max(0, funding.goalCents - funding.currentCents) : 0,
  };
}
