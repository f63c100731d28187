import { describe, expect, it } from 'vitest';
import { decideFulfilment, isPickupCode, normalizePickupCode, visiblePickupCode } from './fulfilment';

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

describe('decideFulfilment', () => {
  it('hands over charged orders only', () => {
    expect(decideFulfilment('charged', null, 'ready')).toEqual({ kind: 'change' });
    expect(decideFulfilment('charged', null, 'collected')).toEqual({ kind: 'change' });
    expect(decideFulfilment('charged', 'ready', 'collected')).toEqual({ kind: 'change' });
    expect(decideFulfilment('confirmed', null, 'ready').kind).toBe('refused');
    expect(decideFulfilment('cancelled', null, 'ready').kind).toBe('refused');
  });

  it('treats the same state twice as nothing to do, and never un-collects', () => {
    expect(decideFulfilment('charged', 'ready', 'ready')).toEqual({ kind: 'unchanged' });
    expect(decideFulfilment('charged', 'collected', 'ready')).toEqual({
      kind: 'refused',
      message: 'This order was already collected',
    });
  });
});
