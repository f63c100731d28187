import { describe, expect, it } from 'vitest';
import { computeEventTotals } from './event-totals';

describe('computeEventTotals', () => {
  it('counts authorized and charged orders only', () => {
    const lines = [{ quantity: 2, unitCents: 1175, baseCents: 1000 }];
    const totals = computeEventTotals(
      [
        { status: 'confirmed', lines },
        { status: 'charged', lines },
        { status: 'cancelled', lines },
        { status: 'pending', lines },
        { status: 'failed', lines },
      ],
      1250,
    );
    expect(totals).toEqual({ foodSalesCents: 4000, markupRaisedCents: 500, orderCount: 2 });
  });

  it('counts the markup diners were shown: $9.99 at 10% raises $1.00, not the 99 cents of the rest', () => {
    const lines = [{ quantity: 1, unitCents: 1149, baseCents: 999 }];
    expect(computeEventTotals([{ status: 'charged', lines }], 1000).markupRaisedCents).toBe(100);
  });
});
