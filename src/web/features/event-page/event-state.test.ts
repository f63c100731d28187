import '@web/test/english';
import { describe, expect, it } from 'vitest';
import { describeEventStory, type EventFacts } from '@core/event-story';
import type { EventStatus } from '@core/event-status';
import { describeClosedNotice } from './closed-notice';
import { describeEventState } from './event-state';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-24T18:00:00Z');
const earlier = new Date('2026-11-21T11:00:00Z');
const end = new Date('2026-11-24T21:00:00Z');

/** The page's state and, when it shows one, the notice's words, for an event in `status` at `now`. */
function page(
  status: EventStatus,
  startsAt: Date,
  funding = { currentCents: 0, goalCents: 0 },
  hidden = false,
) {
  const facts: EventFacts = { status, hidden, startsAt, endsAt: end, cutShortAt: null, ...funding };
  const story = describeEventStory(facts, now);
  const state = describeEventState(story, funding);
  const notice =
    story.notice && story.notice !== 'taken-down' ? describeClosedNotice(story.notice, funding) : {};
  return { ...state, ...notice };
}

describe('describeEventState', () => {
  it('takes orders while approved or confirmed before the start', () => {
    expect(page('approved', later)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: false,
      shortfallCents: 0,
    });
    expect(page('confirmed', later)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('keeps taking orders, charged at once, while the goal-reached captures run', () => {
    expect(page('processing', later)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('says why no orders are taken otherwise', () => {
    expect(page('cancelled', later)).toEqual({ kind: 'unavailable' });
    expect(page('rejected', later)).toEqual({ kind: 'unavailable' });
    expect(page('pending_approval', later)).toMatchObject({ title: "Awaiting the food truck's approval" });
    expect(page('processing', earlier)).toMatchObject({ title: 'The event is under way' });
    expect(page('confirmed', earlier)).toMatchObject({ title: 'The event is under way' });
    expect(page('closed', earlier)).toMatchObject({ title: 'Orders are closed' });
    expect(page('payment_failed', later)).toMatchObject({ title: 'This event will not take place' });
    expect(page('approved', earlier)).toMatchObject({ title: 'Orders are closed' });
    expect(page('approved', later, undefined, true)).toEqual({ kind: 'closed' });
  });

  it('says money is missing, not "Goal reached!", when charges failed after the goal', () => {
    const short = { currentCents: 0, goalCents: 30_000 };
    expect(page('processing', earlier, short)).toMatchObject({
      tone: 'warning',
      title: 'Some payments did not go through',
      text: expect.stringContaining('$300.00 is missing'),
    });
    expect(page('processing', later, short)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 30_000,
    });
    expect(page('processing', earlier, { currentCents: 30_000, goalCents: 30_000 })).toMatchObject({
      tone: 'success',
      title: 'The event is under way',
    });
  });
});

describe('describeClosedNotice', () => {
  it('says an event was ended early, by whom and why, and what became of the orders', () => {
    const notice = describeClosedNotice('cut-short', undefined, {
      cutShortAt: '2026-11-21T19:00:00.000Z',
      cancelledBy: 'organizer',
      cancelReason: 'organizer',
      cancelNote: 'Generator died',
    });
    expect(notice.title).toBe('This event ended early');
    expect(notice.text).toBe(
      'It was cut short by the organizer after it started: “Generator died”. Diners who had collected their food keep their order; everyone else is refunded in full or has their card hold released.',
    );
  });
});
