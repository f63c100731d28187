import { describe, expect, it } from 'vitest';
import { describeClosedNotice } from './closed-notice';
import { describeEventState, type Funding } from './event-state';

/** The state and, when closed, the notice the page shows with it. */
function describe_(
  status: Parameters<typeof describeEventState>[0],
  startsAt: Date,
  at: Date,
  funding?: Funding,
) {
  const state = describeEventState(status, startsAt, at, funding);
  return state.kind === 'closed' ? { ...state, ...describeClosedNotice(status, funding) } : state;
}

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-24T18:00:00Z');
const earlier = new Date('2026-11-21T11:00:00Z');

describe('describeEventState', () => {
  it('takes orders while approved or confirmed before the start', () => {
    expect(describe_('approved', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: false,
      shortfallCents: 0,
    });
    expect(describe_('confirmed', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('keeps taking orders, charged at once, while the goal-reached captures run', () => {
    expect(describe_('processing', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('says why no orders are taken otherwise', () => {
    expect(describe_('cancelled', later, now)).toEqual({ kind: 'unavailable' });
    expect(describe_('rejected', later, now)).toEqual({ kind: 'unavailable' });
    expect(describe_('pending_approval', later, now)).toMatchObject({
      title: "Awaiting the food truck's approval",
    });
    expect(describe_('processing', earlier, now)).toMatchObject({ title: 'Goal reached!' });
    expect(describe_('confirmed', earlier, now)).toMatchObject({
      title: 'Event confirmed: the goal was reached!',
    });
    expect(describe_('closed', later, now)).toMatchObject({ title: 'Orders are closed' });
    expect(describe_('payment_failed', later, now)).toMatchObject({
      title: 'This event will not take place',
    });
    expect(describe_('approved', earlier, now)).toMatchObject({ title: 'Orders are closed' });
  });

  it('says money is missing, not "Goal reached!", when charges failed after the goal', () => {
    const short = { currentCents: 0, goalCents: 30_000 };
    expect(describe_('processing', earlier, now, short)).toMatchObject({
      tone: 'warning',
      title: 'Some payments did not go through',
      text: expect.stringContaining('$300.00 is missing'),
    });
    expect(describe_('processing', later, now, short)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 30_000,
    });
    expect(describe_('processing', earlier, now, { currentCents: 30_000, goalCents: 30_000 })).toMatchObject({
      tone: 'success',
      title: 'Goal reached!',
    });
  });
});

describe('describeClosedNotice', () => {
  it('says an event was ended early, by whom and why, and what became of the orders', () => {
    const notice = describeClosedNotice('closed', undefined, {
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
