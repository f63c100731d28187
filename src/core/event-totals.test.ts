import { describe, expect, it } from 'vitest';
import { computeEventTotals, splitUnitPrice } from './event-totals';
import { computeUnitPrice } from './pricing';

describe('splitUnitPrice', () => {
  it('splits a unit into menu price, fee and markup that add up to what was paid', () => {
    const unit = computeUnitPrice(1000, 1250); // $10.00 at 12.5% markup → $11.75
    expect(splitUnitPrice(unit, 1000)).toEqual({ baseCents: 1000, feeCents: 50, markupCents: 125 });
  });

  it('rounds the fee half up on its own and leaves the markup the rest', () => {
    const unit = computeUnitPrice(999, 1000); // 999 × 1.15 = 1148.85 → 1149
    const split = splitUnitPrice(unit, 999);
    expect(split.feeCents).toBe(50); // 49.95 → 50
    expect(split.baseCents + split.feeCents + split.markupCents).toBe(unit);
  });

  it('raises nothing without a markup', () => {
    expect(splitUnitPrice(computeUnitPrice(450, 0), 450).markupCents).toBe(0);
  });
});

describe('computeEventTotals', () => {
  it('counts authorized and charged orders only', () => {
    const lines = [{ quantity: 2, unitCents: 1175, baseCents: 1000 }];
    const totals = computeEventTotals([
      { status: 'confirmed', lines },
      { status: 'charged', lines },
      { status: 'cancelled', lines },
      { status: 'pending', lines },
      { status: 'failed', lines },
    ]);
    expect(totals).toEqual({ foodSalesCents: 4000, markupRaisedCents: 500, orderCount: 2 });
  });
});
