import { describe, expect, it } from 'vitest';
import type { EventStatus } from './event-status';
import {
  describeEventCount,
  describeEventStory,
  describeProgressSentence,
  describeShareLine,
  EVENT_STORY_BLOCKS,
  eventStory,
  type EventFacts,
} from './event-story';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-24T18:00:00Z');
const laterEnd = new Date('2026-11-24T21:00:00Z');
const earlier = new Date('2026-11-21T11:00:00Z');
const earlierEnd = new Date('2026-11-21T15:00:00Z');
const longAgo = new Date('2026-11-20T11:00:00Z');
const longAgoEnd = new Date('2026-11-20T15:00:00Z');

function facts(status: EventStatus, over: Partial<EventFacts> = {}): EventFacts {
  return {
    status,
    hidden: false,
    startsAt: later,
    endsAt: laterEnd,
    cutShortAt: null,
    currentCents: 2_000,
    goalCents: 5_000,
    ...over,
  };
}

/** Every block's words for one state, as a diner reads them. */
function read(f: EventFacts) {
  const told = describeEventStory(f, now);
  return {
    ...told,
    sentence: describeProgressSentence(told.progress, f),
    share: describeShareLine(told.story, '40% funded, $30 to go'),
  };
}

describe('one story per state', () => {
  it('pending: no orders, no banner, a notice that it waits for the truck', () => {
    const t = read(facts('pending_approval'));
    expect(t).toMatchObject({ story: 'pending', banner: null, notice: 'pending', countdown: 'ticking' });
    expect(t.actions).toEqual({ order: false, remindMe: false, invite: false });
    expect(t.sentence).toBe('Pre-orders open once the food truck accepts the event.');
    expect(t.share).toContain('Not taking pre-orders yet');
    expect(t.listed).toBe(false);
  });

  it('approved: the hold, the gap, the invitation to be first, every call to action', () => {
    const t = read(facts('approved'));
    expect(t).toMatchObject({ story: 'approved', banner: 'hold', notice: null, backers: 'invite' });
    expect(t.countdown).toBe('ticking');
    expect(t.actions).toEqual({ order: true, remindMe: true, invite: true });
    expect(t.sentence).toBe('40% funded · $30.00 still needed');
    expect(t.share).toBe(
      '40% funded, $30 to go. Pre-order your food: cards are only charged if the goal is reached.',
    );
    expect(t.listed).toBe(true);
  });

  it('funded: charged at once, "Goal reached!" in the spec\'s words, still ordering', () => {
    for (const status of ['processing', 'confirmed'] as const) {
      const t = read(facts(status, { currentCents: 6_000 }));
      expect(t).toMatchObject({ story: 'funded', banner: 'charged-at-once', notice: null });
      expect(t.sentence).toBe('Goal reached! Orders will be processed soon.');
      expect(t.actions.order).toBe(true);
      expect(t.actions.remindMe).toBe(false);
      expect(t.share).toBe('Goal reached. Pre-order your food.');
    }
  });

  it('funded but charges failed: says what is missing, never "Goal reached!", nor "still needed"', () => {
    const before = read(facts('processing', { currentCents: 0, goalCents: 30_000 }));
    expect(before).toMatchObject({ story: 'short', banner: 'shortfall', progress: 'shortfall' });
    expect(before.sentence).toBe('The goal was reached, but some payments failed: $300.00 is missing.');
    const after = read(
      facts('processing', { currentCents: 0, goalCents: 30_000, startsAt: earlier, endsAt: earlierEnd }),
    );
    expect(after).toMatchObject({ story: 'short-started', notice: 'shortfall', banner: null });
    expect(after.actions.order).toBe(false);
  });

  it('started with the goal: "Event has started!", no ordering, the goal reached', () => {
    const t = read(facts('confirmed', { startsAt: earlier, endsAt: earlierEnd, currentCents: 6_000 }));
    expect(t).toMatchObject({ story: 'under-way', countdown: 'started', notice: 'under-way' });
    expect(t.sentence).toBe('The goal was reached.');
    expect(t.actions.order).toBe(false);
  });

  it('closed: no countdown, no "Goal reached! Orders will be processed soon.", no "Event has started!"', () => {
    const t = read(facts('closed', { startsAt: longAgo, endsAt: longAgoEnd, currentCents: 6_000 }));
    expect(t).toMatchObject({ story: 'closed', notice: 'closed', countdown: 'hidden', banner: null });
    expect(t.sentence).toBe('The goal was reached.');
    expect(t.sentence).not.toContain('processed soon');
    expect(t.actions).toEqual({ order: false, remindMe: false, invite: false });
    expect(t.share).toContain('has taken place');
    // A live event past its end reads closed too, before the job closes it.
    expect(eventStory(facts('confirmed', { startsAt: longAgo, endsAt: longAgoEnd }), now)).toBe('closed');
  });

  it('failed: will not take place, never "still needed" nor "Be the first to pre-order"', () => {
    const t = read(facts('payment_failed', { currentCents: 0, goalCents: 3_000, startsAt: earlier }));
    expect(t).toMatchObject({ story: 'failed', notice: 'failed', backers: 'none', countdown: 'hidden' });
    expect(t.sentence).not.toMatch(/still needed/);
    expect(t.sentence).toBe('Not enough payments went through, so the event will not take place.');
    expect(t.share).toBe('This event will not take place: not enough payments went through.');
  });

  it('called off: not available, the share card says so', () => {
    const t = read(facts('cancelled'));
    expect(t).toMatchObject({ story: 'called-off', available: false, listed: false });
    expect(t.share).toBe('This event was called off. Not taking pre-orders.');
    // Taken down as well as called off: still called off.
    expect(eventStory(facts('cancelled', { hidden: true }), now)).toBe('called-off');
    expect(read(facts('rejected'))).toMatchObject({ story: 'declined', available: false });
  });

  it('cut short: ended early, never "$10.00 still needed"', () => {
    const t = read(
      facts('closed', {
        startsAt: earlier,
        endsAt: earlierEnd,
        cutShortAt: now,
        currentCents: 2_000,
        goalCents: 3_000,
      }),
    );
    expect(t).toMatchObject({
      story: 'cut-short',
      notice: 'cut-short',
      countdown: 'hidden',
      backers: 'none',
    });
    expect(t.sentence).toBe('The event ended early.');
    expect(t.share).toContain('ended early');
  });

  it('hidden: taken down, no orders, not listed, whatever its status', () => {
    for (const status of ['approved', 'processing', 'confirmed', 'closed'] as const) {
      const t = read(facts(status, { hidden: true }));
      expect(t).toMatchObject({ story: 'hidden', notice: 'taken-down', banner: null, listed: false });
      expect(t.actions.order).toBe(false);
    }
  });

  it('started without its goal: orders closed, "Event has started!", no invitation to be first', () => {
    const t = read(facts('approved', { startsAt: earlier, endsAt: earlierEnd }));
    expect(t).toMatchObject({ story: 'unfunded-started', countdown: 'started', backers: 'count' });
    expect(t.actions.order).toBe(false);
  });
});

describe('the table holds together', () => {
  it('orders only where the banner says how paying works, and only listed states take orders', () => {
    for (const [story, blocks] of Object.entries(EVENT_STORY_BLOCKS)) {
      expect(blocks.actions.order, story).toBe(blocks.banner !== null);
      if (blocks.actions.order) expect(blocks.listed, story).toBe(true);
      if (blocks.backers === 'invite') expect(blocks.actions.order, story).toBe(true);
      if (!blocks.available) expect(blocks.notice, story).toBeNull();
      // A countdown to a start already past is never shown beside a closing notice.
      if (['closed', 'failed', 'cut-short'].includes(blocks.notice ?? ''))
        expect(blocks.countdown).toBe('hidden');
    }
  });

  it('counts the list in its headline', () => {
    expect(describeEventCount(1)).toBe('1 upcoming event');
    expect(describeEventCount(76)).toBe('76 upcoming events');
    expect(describeEventCount(1200)).toBe('1,200 upcoming events');
  });
});
