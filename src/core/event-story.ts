import { computeFundingProgress } from './funding';
import type { EventStatus } from './event-status';
import { formatCents } from './money';

/**
 * One story per event state, told the same by every block of the public event page, its share card
 * and the public list (docs/decisions/234-one-story-per-event-state.md). `eventStory` names the state
 * from the event's facts; `EVENT_STORY_BLOCKS` is the one table of what each block shows then.
 */
export type EventStory =
  /** Waiting for the truck to accept: no orders yet. */
  | 'pending'
  /** Live, before the start, the goal not reached: card holds. */
  | 'approved'
  /** The goal was reached, before the start: new orders are charged at once. */
  | 'funded'
  /** The goal was reached but some charges failed, before the start: money is missing. */
  | 'short'
  /** Started with the goal reached, before the end: food is being handed over. */
  | 'under-way'
  /** Started with some of the goal's charges still failed: being settled. */
  | 'short-started'
  /** Started without reaching the goal: about to be called off. */
  | 'unfunded-started'
  /** Took place and is over. */
  | 'closed'
  /** The goal was reached but not enough payments went through: it will not take place. */
  | 'failed'
  /** Called off before the start (by the organizer, the truck, an admin, or unfunded). */
  | 'called-off'
  /** The truck turned the request down. */
  | 'declined'
  /** Called off after it started: what was collected stays, the rest is refunded. */
  | 'cut-short'
  /** Taken down by an admin: only its insiders and diners still see it. */
  | 'hidden';

export interface EventFacts {
  status: EventStatus;
  hidden: boolean;
  startsAt: Date;
  endsAt: Date;
  cutShortAt: Date | string | null;
  currentCents: number;
  goalCents: number;
}

/** The state an event is in at `now`, as a diner reads it. */
export function eventStory(facts: EventFacts, now: Date): EventStory {
  // Called off or declined says so even when taken down; anything else taken down says that.
  if (facts.status === 'cancelled') return 'called-off';
  if (facts.status === 'rejected') return 'declined';
  if (facts.hidden) return 'hidden';
  const started = now.getTime() >= facts.startsAt.getTime();
  const ended = now.getTime() >= facts.endsAt.getTime();
  const short = facts.currentCents < facts.goalCents;
  switch (facts.status) {
    case 'pending_approval':
    case 'open':
      return 'pending';
    case 'payment_failed':
      return 'failed';
    case 'closed':
      return facts.cutShortAt ? 'cut-short' : 'closed';
    case 'approved':
      return started ? 'unfunded-started' : 'approved';
    case 'processing':
      if (ended) return 'closed';
      if (short) return started ? 'short-started' : 'short';
      return started ? 'under-way' : 'funded';
    case 'confirmed':
      return ended ? 'closed' : started ? 'under-way' : 'funded';
  }
}

/** The line under the top of the page that says how paying works now. */
export type BannerKind = 'hold' | 'charged-at-once' | 'shortfall' | null;
/** The notice above the page's blocks (its words are the page's, loaded only when one is shown). */
export type NoticeKind =
  | 'pending'
  | 'shortfall'
  | 'under-way'
  | 'unfunded-started'
  | 'closed'
  | 'failed'
  | 'cut-short'
  | 'taken-down'
  | null;
/** The sentence under the progress bar. */
export type ProgressKind =
  | 'gap'
  | 'goal-processing'
  | 'goal-reached'
  | 'shortfall'
  | 'not-open'
  | 'not-reached'
  | 'failed'
  | 'ended-early'
  | 'called-off'
  | 'taken-down';
/** Under the sentence: the backers, with an invitation to be the first only while orders are open. */
export type BackersKind = 'invite' | 'count' | 'none';
/** The countdown: ticking to the start, "Event has started!", or not shown. */
export type CountdownKind = 'ticking' | 'started' | 'hidden';

export interface StoryBlocks {
  banner: BannerKind;
  notice: NoticeKind;
  progress: ProgressKind;
  backers: BackersKind;
  countdown: CountdownKind;
  /** The calls to action. */
  actions: { order: boolean; remindMe: boolean; invite: boolean };
  /** The event has its public page (else the page says it is not available). */
  available: boolean;
  /** The event is in the public list (and counted in its headline). */
  listed: boolean;
}

const ACTIONS_OPEN = { order: true, remindMe: false, invite: true };
const ACTIONS_NONE = { order: false, remindMe: false, invite: false };

/** The one table: what each block of the page shows in each state. */
export const EVENT_STORY_BLOCKS: Record<EventStory, StoryBlocks> = {
  pending: {
    banner: null,
    notice: 'pending',
    progress: 'not-open',
    backers: 'none',
    countdown: 'ticking',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
  approved: {
    banner: 'hold',
    notice: null,
    progress: 'gap',
    backers: 'invite',
    countdown: 'ticking',
    actions: { order: true, remindMe: true, invite: true },
    available: true,
    listed: true,
  },
  funded: {
    banner: 'charged-at-once',
    notice: null,
    progress: 'goal-processing',
    backers: 'invite',
    countdown: 'ticking',
    actions: ACTIONS_OPEN,
    available: true,
    listed: true,
  },
  short: {
    banner: 'shortfall',
    notice: null,
    progress: 'shortfall',
    backers: 'invite',
    countdown: 'ticking',
    actions: ACTIONS_OPEN,
    available: true,
    listed: true,
  },
  'under-way': {
    banner: null,
    notice: 'under-way',
    progress: 'goal-reached',
    backers: 'count',
    countdown: 'started',
    actions: { order: false, remindMe: false, invite: true },
    available: true,
    listed: true,
  },
  'short-started': {
    banner: null,
    notice: 'shortfall',
    progress: 'shortfall',
    backers: 'count',
    countdown: 'started',
    actions: ACTIONS_NONE,
    available: true,
    listed: true,
  },
  'unfunded-started': {
    banner: null,
    notice: 'unfunded-started',
    progress: 'not-reached',
    backers: 'count',
    countdown: 'started',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
  closed: {
    banner: null,
    notice: 'closed',
    progress: 'goal-reached',
    backers: 'count',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
  failed: {
    banner: null,
    notice: 'failed',
    progress: 'failed',
    backers: 'none',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
  'called-off': {
    banner: null,
    notice: null,
    progress: 'called-off',
    backers: 'none',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: false,
    listed: false,
  },
  declined: {
    banner: null,
    notice: null,
    progress: 'called-off',
    backers: 'none',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: false,
    listed: false,
  },
  'cut-short': {
    banner: null,
    notice: 'cut-short',
    progress: 'ended-early',
    backers: 'none',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
  hidden: {
    banner: null,
    notice: 'taken-down',
    progress: 'taken-down',
    backers: 'none',
    countdown: 'hidden',
    actions: ACTIONS_NONE,
    available: true,
    listed: false,
  },
};

/** The state at `now` and what each block shows then. */
export function describeEventStory(facts: EventFacts, now: Date): { story: EventStory } & StoryBlocks {
  const story = eventStory(facts, now);
  return { story, ...EVENT_STORY_BLOCKS[story] };
}

/** The sentence under the progress bar, by the table's `progress` (spec: the gap, or "Goal reached!…"). */
export function describeProgressSentence(
  kind: ProgressKind,
  funding: { currentCents: number; goalCents: number },
): string {
  const progress = computeFundingProgress(funding.currentCents, funding.goalCents);
  switch (kind) {
    case 'gap':
      // Sales can meet the goal a moment before the event moves on: the spec's words then.
      return progress.isGoalReached
        ? 'Goal reached! Orders will be processed soon.'
        : `${progress.percentFunded}% funded · ${formatCents(progress.remainingCents)} still needed`;
    case 'goal-processing':
      return 'Goal reached! Orders will be processed soon.';
    case 'goal-reached':
      return 'The goal was reached.';
    case 'shortfall':
      return `The goal was reached, but some payments failed: ${formatCents(progress.remainingCents)} is missing.`;
    case 'not-open':
      return 'Pre-orders open once the food truck accepts the event.';
    case 'not-reached':
      return `The goal was not reached before the start: ${formatCents(progress.remainingCents)} short.`;
    case 'failed':
      return 'Not enough payments went through, so the event will not take place.';
    case 'ended-early':
      return 'The event ended early.';
    case 'called-off':
      return 'The event was called off.';
    case 'taken-down':
      return 'The event takes no new orders.';
  }
}

/**
 * The share card's last sentences (`og:description` after the date, place and truck), by state. The
 * funding gap is the reminder's words ("62% funded, $190 to go").
 */
export function describeShareLine(story: EventStory, fundingGap: string): string {
  switch (story) {
    case 'approved':
      return `${fundingGap}. Pre-order your food: cards are only charged if the goal is reached.`;
    case 'funded':
    case 'short':
      return 'Goal reached. Pre-order your food.';
    case 'under-way':
    case 'short-started':
      return 'Goal reached. The event is under way.';
    case 'pending':
      return 'Waiting for the food truck to accept. Not taking pre-orders yet.';
    case 'unfunded-started':
      return 'The goal was not reached. Not taking pre-orders.';
    case 'closed':
      return 'This event has taken place. Not taking pre-orders.';
    case 'failed':
      return 'This event will not take place: not enough payments went through.';
    case 'called-off':
      return 'This event was called off. Not taking pre-orders.';
    case 'declined':
      return 'This event will not take place. Not taking pre-orders.';
    case 'cut-short':
      return 'This event ended early. Not taking pre-orders.';
    case 'hidden':
      return 'Not taking pre-orders.';
  }
}

/** The public list's headline: every event that matches, not only the page loaded. */
export function describeEventCount(total: number): string {
  return total === 1 ? '1 upcoming event' : `${total.toLocaleString('en-US')} upcoming events`;
}
