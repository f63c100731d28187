import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-status';
import {
  decideFulfilment,
  decideUndoCollected,
  isRefundedInFull,
  REFUNDED_ORDER_NOT_HANDED_OVER,
  type HandedOrderMoney,
  isPickupCode,
  normalizePickupCode,
  visiblePickupCode,
} from './fulfilment';

describe('pickup codes', () => {
  it('reads a code however the diner types it', () => {
    expect(normalizePickupCode(' k7q-2m ')).toBe('K7Q2M');
    expect(isPickupCode('K7Q2M')).toBe(true);
    expect(isPickupCode('K7Q2')).toBe(false);
    expect(isPickupCode('O0I1L')).toBe(false);
  });

  it('shows a code only on authorized or charged orders', () => {
    expect(visiblePickupCode({ status: 'confirmed', pickupCode: 'K7Q2M' })).toBe('K7Q2M');
    expect(visiblePickupCode({ status: 'charged', pickupCode: 'K7Q2M' })).toBe('K7Q2M');
    expect(visiblePickupCode({ status: 'pending', pickupCode: 'K7Q2M' })).toBeNull();
    expect(visiblePickupCode({ status: 'cancelled', pickupCode: 'K7Q2M' })).toBeNull();
  });
});

/** A $12.50 order in `status`, with `correctedCents` refunded by the truck. */
const order = (status: OrderStatus, correctedCents = 0, refundDue = false): HandedOrderMoney => ({
  status,
  totalCents: 1250,
  correctedCents,
  refundDue,
});
const charged = order('charged');

describe('an order refunded in full', () => {
  it.each([
    // [status, refunded by the truck, owed back in full, refunded in full]
    ['charged', 0, false, false],
    ['charged', 1, false, false],
    ['charged', 1249, false, false],
    ['charged', 1250, false, true],
    ['charged', 0, true, true],
    ['charged', 600, true, true],
    ['refunded', 0, false, true],
    ['confirmed', 0, false, false],
    ['pending', 0, false, false],
    ['cancelled', 0, false, false],
    ['failed', 0, false, false],
  ] as const)('%s, %i refunded, owed back %s: %s', (status, corrected, refundDue, expected) => {
    expect(isRefundedInFull(order(status, corrected, refundDue))).toBe(expected);
  });

  it.each([
    // [refunded by the truck, owed back, from, to, decision]
    [1250, false, null, 'ready', 'refused'],
    [1250, false, null, 'collected', 'refused'],
    [1250, false, 'ready', 'ready', 'refused'],
    [1250, false, 'ready', 'collected', 'refused'],
    [1250, false, 'collected', 'collected', 'refused'],
    [0, true, null, 'ready', 'refused'],
    [1249, false, null, 'ready', 'change'],
    [1249, false, 'ready', 'collected', 'change'],
    [600, false, 'ready', 'ready', 'unchanged'],
  ] as const)('refunded %i, owed back %s: %s to %s is %s', (corrected, refundDue, from, to, kind) => {
    const decision = decideFulfilment(order('charged', corrected, refundDue), from, to);
    expect(decision.kind).toBe(kind);
    if (kind === 'refused')
      expect(decision).toEqual({ kind, message: REFUNDED_ORDER_NOT_HANDED_OVER, refunded: true });
  });
});

describe('decideFulfilment', () => {
  it('hands over charged orders only', () => {
    expect(decideFulfilment(charged, null, 'ready')).toEqual({ kind: 'change' });
    expect(decideFulfilment(charged, null, 'collected')).toEqual({ kind: 'change' });
    expect(decideFulfilment(charged, 'ready', 'collected')).toEqual({ kind: 'change' });
    expect(decideFulfilment(order('confirmed'), null, 'ready').kind).toBe('refused');
    expect(decideFulfilment(order('cancelled'), null, 'ready').kind).toBe('refused');
  });

  it('treats the same state twice as nothing to do, and never un-collects', () => {
    expect(decideFulfilment(charged, 'ready', 'ready')).toEqual({ kind: 'unchanged' });
    expect(decideFulfilment(charged, 'collected', 'ready')).toEqual({
      kind: 'refused',
      message: 'This order was already collected',
    });
  });
});

describe('handover timing', () => {
  const startsAt = new Date('2026-12-01T18:00:00Z');
  const endsAt = new Date('2026-12-01T21:00:00Z');
  const at = (iso: string) => ({ now: new Date(iso), startsAt, endsAt });

  it('accepts Ready and Collected from 2 hours before the start, not earlier', () => {
    expect(decideFulfilment(charged, null, 'collected', at('2026-11-28T18:00:00Z'))).toEqual({
      kind: 'refused',
      message: 'Orders can be marked ready or collected from 2 hours before the event starts',
    });
    expect(decideFulfilment(charged, null, 'ready', at('2026-12-01T15:59:59Z')).kind).toBe('refused');
    expect(decideFulfilment(charged, null, 'ready', at('2026-12-01T16:00:00Z')).kind).toBe('change');
    expect(decideFulfilment(charged, 'ready', 'collected', at('2026-12-01T22:00:00Z')).kind).toBe('change');
  });

  it('lets Collected be undone until the end only', () => {
    expect(decideUndoCollected('collected', at('2026-12-01T20:59:59Z')).kind).toBe('change');
    expect(decideUndoCollected('collected', at('2026-12-01T21:00:00Z'))).toEqual({
      kind: 'refused',
      message: 'The event has ended: a collected order can no longer be undone',
    });
    expect(decideUndoCollected('ready', at('2026-12-01T19:00:00Z')).kind).toBe('unchanged');
  });
});
