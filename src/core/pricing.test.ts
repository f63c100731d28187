import { describe, expect, it } from 'vitest';
import {
  computeUnitPrice,
  percentageToBasisPoints,
  priceOrder,
  splitOrderPrice,
  splitUnitPrice,
} from './pricing';

describe('computeUnitPrice', () => {
  it('adds the 5% platform fee on the base price', () => {
    expect(computeUnitPrice(1000, 0)).toBe(1050);
  });

  it('adds markup and fee, each on the base price', () => {
    expect(computeUnitPrice(1000, percentageToBasisPoints('10.00'))).toBe(1150);
    expect(computeUnitPrice(1299, percentageToBasisPoints('12.5'))).toBe(1526); // 1299 × 1.175 = 1526.325
  });

  it('rounds half up exactly once', () => {
    expect(computeUnitPrice(10, 0)).toBe(11); // 10.5 → 11
    expect(computeUnitPrice(30, 0)).toBe(32); // 31.5 → 32
    expect(computeUnitPrice(1, 0)).toBe(1); // 1.05 → 1
    expect(computeUnitPrice(999, percentageToBasisPoints('0.01'))).toBe(1049); // 1048.9500 → 1049
  });

  it('refuses bad inputs', () => {
    expect(() => computeUnitPrice(10.5, 0)).toThrow(RangeError);
    expect(() => computeUnitPrice(-1, 0)).toThrow(RangeError);
    expect(() => computeUnitPrice(100, 10001)).toThrow(RangeError);
  });
});

describe('priceOrder', () => {
  it('keeps the food subtotal apart from what the card pays', () => {
    const price = priceOrder(
      [
        { menuItemId: 1, quantity: 2, baseCents: 1299 },
        { menuItemId: 2, quantity: 1, baseCents: 350 },
      ],
      percentageToBasisPoints('10'),
    );
    expect(price.subtotalCents).toBe(2948);
    expect(price.lines.map((l) => l.unitCents)).toEqual([1494, 403]);
    expect(price.totalCents).toBe(1494 * 2 + 403);
  });

  it('refuses a quantity below one', () => {
    expect(() => priceOrder([{ menuItemId: 1, quantity: 0, baseCents: 100 }], 0)).toThrow(RangeError);
  });
});

describe('the price breakdown', () => {
  it('splits a unit price into menu price, markup and fee that add up to it', () => {
    expect(splitUnitPrice(1000, 1000)).toEqual({
      menuCents: 1000,
      markupCents: 100,
      feeCents: 50,
      unitCents: 1150,
    });
    expect(splitUnitPrice(1000, 0)).toEqual({
      menuCents: 1000,
      markupCents: 0,
      feeCents: 50,
      unitCents: 1050,
    });
    // Awkward prices and markups: the parts always sum to what the diner pays.
    for (const base of [1, 7, 99, 333, 1001, 12_345]) {
      for (const markup of [0, 1, 1250, 3333, 10_000]) {
        const p = splitUnitPrice(base, markup);
        expect(p.menuCents + p.markupCents + p.feeCents).toBe(computeUnitPrice(base, markup));
        expect(p.feeCents).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('sums an order the same way, to the order total', () => {
    const lines = [
      { menuItemId: 1, quantity: 3, baseCents: 1000 },
      { menuItemId: 2, quantity: 1, baseCents: 333 },
    ];
    const split = splitOrderPrice(lines, 1250);
    expect(split.unitCents).toBe(priceOrder(lines, 1250).totalCents);
    expect(split.menuCents).toBe(priceOrder(lines, 1250).subtotalCents);
    expect(split.menuCents + split.markupCents + split.feeCents).toBe(split.unitCents);
  });
});
