import { describe, expect, it } from 'vitest';
import { canTransitionEvent, isTakingOrders } from './event-status';
import { canTransitionOrder, choosePaymentMode, HOLD_WINDOW_MS, isCancellableByDiner } from './order-status';

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

  it('takes orders while approved or confirmed and before the start', () => {
    const start = new Date('2026-12-01T18:00:00Z');
    expect(isTakingOrders('approved', new Date('2026-12-01T17:59:59Z'), start)).toBe(true);
    expect(isTakingOrders('confirmed', new Date('2026-11-30T00:00:00Z'), start)).toBe(true);
    expect(isTakingOrders('approved', start, start)).toBe(false);
    expect(isTakingOrders('processing', new Date('2026-11-30T00:00:00Z'), start)).toBe(false);
    expect(isTakingOrders('pending_approval', new Date('2026-11-30T00:00:00Z'), start)).toBe(false);
  });
});

describe('order lifecycle', () => {
  it('charges only what was pending or held', () => {
    expect(canTransitionOrder('confirmed', 'charged')).toBe(true);
    expect(canTransitionOrder('charged', 'cancelled')).toBe(false);
    expect(canTransitionOrder('cancelled', 'charged')).toBe(false);
  });

  it('lets the diner cancel only before the charge', () => {
    expect(isCancellableByDiner('pending')).toBe(true);
    expect(isCancellableByDiner('confirmed')).toBe(true);
    expect(isCancellableByDiner('charged')).toBe(false);
  });

  it('holds within 6 days of the start and saves the card further out', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(choosePaymentMode(now, new Date(now.getTime() + HOLD_WINDOW_MS))).toBe('hold');
    expect(choosePaymentMode(now, new Date(now.getTime() + HOLD_WINDOW_MS + 1))).toBe('save');
  });
});
