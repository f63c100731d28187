import { describe, expect, it } from 'vitest';
import {
  EVENT_STATUSES,
  hasReachedGoal,
  isTakingOrders,
  reachesGoal,
  shouldChargeNow,
  wasAcceptedByTruck,
} from './event-status';
import { canDinerCancel, ORDER_STATUSES } from './order-status';

describe('event rules, one place each', () => {
  it('charges at once exactly where the goal is reached and the event is still on', () => {
    const chargeNow = EVENT_STATUSES.filter(shouldChargeNow);
    expect(chargeNow).toEqual(['processing', 'confirmed']);
    for (const status of chargeNow) expect(hasReachedGoal(status)).toBe(true);
  });

  it('reaches the goal once, from approved, at the minimum', () => {
    expect(reachesGoal('approved', 99_999, 100_000)).toBe(false);
    expect(reachesGoal('approved', 100_000, 100_000)).toBe(true);
    expect(reachesGoal('processing', 200_000, 100_000)).toBe(false);
  });

  it('takes orders while live and before the start', () => {
    const startsAt = new Date('2026-12-05T18:00:00Z');
    const before = new Date('2026-12-05T17:59:00Z');
    expect(EVENT_STATUSES.filter((s) => isTakingOrders(s, before, startsAt))).toEqual([
      'approved',
      'processing',
      'confirmed',
    ]);
    expect(isTakingOrders('approved', startsAt, startsAt)).toBe(false);
  });

  it('shows nothing public of an event the truck has not accepted', () => {
    expect(EVENT_STATUSES.filter((s) => !wasAcceptedByTruck(s))).toEqual([
      'pending_approval',
      'rejected',
      'open',
    ]);
  });
});

describe('a diner may cancel', () => {
  it('a hold or a failed order before the goal, nothing after it', () => {
    const before = ORDER_STATUSES.filter((s) => canDinerCancel('approved', s));
    expect(before).toEqual(['pending', 'confirmed', 'failed']);
    expect(ORDER_STATUSES.filter((s) => canDinerCancel('processing', s))).toEqual(['failed']);
    expect(canDinerCancel('approved', 'charged')).toBe(false);
    expect(canDinerCancel('approved', 'cancelling')).toBe(false);
  });
});
