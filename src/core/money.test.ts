import { describe, expect, it } from 'vitest';
import { centsToDecimal, dollarsToCents, formatCents, MAX_CENTS, parseDecimalToCents } from './money';

describe('money', () => {
  it('parses decimal strings exactly', () => {
    expect(parseDecimalToCents('12')).toBe(1200);
    expect(parseDecimalToCents('12.5')).toBe(1250);
    expect(parseDecimalToCents('0.07')).toBe(7);
    expect(parseDecimalToCents('1000.00')).toBe(100000);
    expect(parseDecimalToCents('-3.10')).toBe(-310);
  });

  it('refuses what is not an amount', () => {
    expect(() => parseDecimalToCents('1.234')).toThrow(RangeError);
    expect(() => parseDecimalToCents('abc')).toThrow(RangeError);
    expect(() => parseDecimalToCents('')).toThrow(RangeError);
  });

  it('writes cents as two-decimal strings', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(-310)).toBe('-3.10');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('converts typed dollars without float drift', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    // Every amount a person can type with two decimals comes back as the cents it names.
    for (let cents = 0; cents <= 100_000; cents += 1) {
      const typed = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      if (dollarsToCents(Number(typed)) !== cents)
        expect.fail(`${typed} became ${dollarsToCents(Number(typed))}`);
    }
  });

  it('formats USD for people', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(-300)).toBe('-$3.00');
    expect(formatCents(MAX_CENTS)).toBe('$99,999,999.99');
  });

  it('prints what Intl prints for USD in en-US, for any amount', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [
      0,
      1,
      10,
      99,
      100,
      999,
      1000,
      99_999,
      100_000,
      123_456_789,
      -1,
      -100_050,
      MAX_CENTS,
    ]) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
    }
  });
});
