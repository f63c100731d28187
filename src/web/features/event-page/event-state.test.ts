import { describe, expect, it } from 'vitest';
import { describeEventState } from './event-state';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-11-24T18:00:00Z');
const earlier = new Date('2026-11-21T11:00:00Z');

describe('describeEventState', () => {
  it('takes orders while approved or confirmed before the start', () => {
    expect(describeEventState('approved', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: false,
      shortfallCents: 0,
    });
    expect(describeEventState('confirmed', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('keeps taking orders, charged at once, while the goal-reached captures run', () => {
    expect(describeEventState('processing', later, now)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 0,
    });
  });

  it('says why no orders are taken otherwise', () => {
    expect(describeEventState('cancelled', later, now)).toEqual({ kind: 'unavailable' });
    expect(describeEventState('rejected', later, now)).toEqual({ kind: 'unavailable' });
    expect(describeEventState('pending_approval', later, now)).toMatchObject({
      title: "Awaiting the food truck's approval",
    });
    expect(describeEventState('processing', earlier, now)).toMatchObject({ title: 'Goal reached!' });
    expect(describeEventState('confirmed', earlier, now)).toMatchObject({
      title: 'Event confirmed: the goal was reached!',
    });
    expect(describeEventState('closed', later, now)).toMatchObject({ title: 'Orders are closed' });
    expect(describeEventState('payment_failed', later, now)).toMatchObject({
      title: 'This event will not take place',
    });
    expect(describeEventState('approved', earlier, now)).toMatchObject({ title: 'Orders are closed' });
  });

  it('says money is missing, not "Goal reached!", when charges failed after the goal', () => {
    const short = { currentCents: 0, goalCents: 30_000 };
    expect(describeEventState('processing', earlier, now, short)).toMatchObject({
      tone: 'warning',
      title: 'Some payments did not go through',
      text: expect.stringContaining('$300.00 is missing'),
    });
    expect(describeEventState('processing', later, now, short)).toEqual({
      kind: 'taking-orders',
      chargedAtOnce: true,
      shortfallCents: 30_000,
    });
    expect(
      describeEventState('processing', earlier, now, { currentCents: 30_000, goalCents: 30_000 }),
    ).toMatchObject({ tone: 'success', title: 'Goal reached!' });
  });
});
