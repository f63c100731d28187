import { describe, expect, it } from 'vitest';
import { computeUnitPrice, percentageToBasisPoints, priceOrder } from './pricing';

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
