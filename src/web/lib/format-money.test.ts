import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('shows the API decimal strings as US dollars with two decimals', () => {
    expect(formatMoney('1000.00')).toBe('$1,000.00');
    expect(formatMoney('4.5')).toBe('$4.50');
    expect(formatMoney('0.00')).toBe('$0.00');
  });

  it('shows a dash for a missing amount and the text itself for one it cannot read', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('')).toBe('—');
    expect(formatMoney('abc')).toBe('abc');
  });
});
