import { describe, expect, it } from 'vitest';
import { assertEventTransition, canTransitionEvent, isTakingOrders } from './event-status';
import {
  canTransitionOrder,
  choosePaymentMode,
  countsTowardGoal,
  dinerCancelRefusal,
  fixPaymentDeadline,
  HOLD_WINDOW_MS,
} from './order-status';

describe('event lifecycle', () => {
  it('lets a truck answer only a pending request', () => {
    expect(canTransitionEvent('pending_approval', 'approved')).toBe(true);
    expect(canTransitionEvent('pending_approval', 'rejected')).toBe(true);
    expect(canTransitionEvent('approved', 'rejected')).toBe(false);
    expect(canTransitionEvent('cancelled', 'approved')).toBe(false);
  });

  it('never enters open', () => {
    for (const from of ['pending_approval', 'approved', 'processing', 'confirmed'] as const) {
      expect(canTransitionEvent(from, 'open')).toBe(false);
    }
  });

  it('takes orders while live, through the goal crossing, until the start', () => {
    const start = new Date('2026-12-01T18:00:00Z');
    expect(isTakingOrders('approved', new Date('2026-12-01T17:59:59Z'), start)).toBe(true);
    expect(isTakingOrders('confirmed', new Date('2026-11-30T00:00:00Z'), start)).toBe(true);
    expect(isTakingOrders('processing', new Date('2026-11-30T00:00:00Z'), start)).toBe(true);
    expect(isTakingOrders('approved', start, start)).toBe(false);
    expect(isTakingOrders('pending_approval', new Date('2026-11-30T00:00:00Z'), start)).toBe(false);
    expect(isTakingOrders('payment_failed', new Date('2026-11-30T00:00:00Z'), start)).toBe(false);
  });

  it('lets the organizer or truck call off a live event, and refunds come from there', () => {
    for (const from of ['approved', 'processing', 'confirmed'] as const) {
      expect(canTransitionEvent(from, 'cancelled')).toBe(true);
    }
    expect(canTransitionEvent('closed', 'cancelled')).toBe(false);
    expect(canTransitionEvent('payment_failed', 'cancelled')).toBe(false);
    expect(() => assertEventTransition('closed', 'approved', 7)).toThrow(
      'Event 7 cannot go from closed to approved',
    );
  });
});

describe('order lifecycle', () => {
  it('charges only what was pending or held', () => {
    expect(canTransitionOrder('confirmed', 'charged')).toBe(true);
    expect(canTransitionOrder('charged', 'cancelled')).toBe(false);
    expect(canTransitionOrder('cancelled', 'confirmed')).toBe(false);
  });

  it('refunds only what was charged, and ends nothing twice', () => {
    expect(canTransitionOrder('charged', 'refunded')).toBe(true);
    expect(canTransitionOrder('confirmed', 'refunded')).toBe(false);
    // Only when the provider reports that a refund failed: the money is owed back again.
    expect(canTransitionOrder('refunded', 'charged')).toBe(true);
    expect(canTransitionOrder('refunded', 'cancelled')).toBe(false);
    expect(canTransitionOrder('cancelling', 'cancelled')).toBe(true);
    expect(canTransitionOrder('cancelled', 'cancelling')).toBe(false);
  });

  it('lets the diner cancel a hold until the goal is reached, and a failed order always', () => {
    expect(dinerCancelRefusal('approved', 'pending')).toBeNull();
    expect(dinerCancelRefusal('approved', 'confirmed')).toBeNull();
    expect(dinerCancelRefusal('processing', 'confirmed')).toMatch(/reached its goal/);
    expect(dinerCancelRefusal('confirmed', 'pending')).toMatch(/reached its goal/);
    expect(dinerCancelRefusal('processing', 'failed')).toBeNull();
    expect(dinerCancelRefusal('approved', 'charged')).toMatch(/already been charged/);
    expect(dinerCancelRefusal('confirmed', 'refunded')).toMatch(/refunded/);
  });

  it('counts held and charged food toward the goal, never a charge owed back', () => {
    expect(countsTowardGoal({ status: 'confirmed', refundDue: false })).toBe(true);
    expect(countsTowardGoal({ status: 'charged', refundDue: false })).toBe(true);
    expect(countsTowardGoal({ status: 'charged', refundDue: true })).toBe(false);
    expect(countsTowardGoal({ status: 'cancelling', refundDue: false })).toBe(false);
    expect(countsTowardGoal({ status: 'pending', refundDue: false })).toBe(false);
  });

  it("holds within Visa's 4 days 18 hours of the start and saves the card further out", () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(HOLD_WINDOW_MS).toBe(114 * 60 * 60 * 1000);
    expect(choosePaymentMode(now, new Date('2026-11-06T06:00:00Z'))).toBe('hold');
    expect(choosePaymentMode(now, new Date('2026-11-06T06:00:00.001Z'))).toBe('save');
    // Five days out, as the earlier rule held, is now too far for a hold.
    expect(choosePaymentMode(now, new Date('2026-11-06T12:00:00Z'))).toBe('save');
  });

  it('ends the window to pay again at 48 hours, or at the start if that is sooner', () => {
    const failedAt = new Date('2026-11-20T21:57:00Z');
    expect(fixPaymentDeadline(failedAt, new Date('2026-11-30T18:00:00Z')).toISOString()).toBe(
      '2026-11-22T21:57:00.000Z',
    );
    expect(fixPaymentDeadline(failedAt, new Date('2026-11-20T22:11:00Z')).toISOString()).toBe(
      '2026-11-20T22:11:00.000Z',
    );
  });
});
