import { describe, expect, it } from 'vitest';
import { nextRefundTry, REFUND_TRIES, refusalInWords } from './refund-refusals';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00Z');

describe('a refused refund', () => {
  it('is tried again after 1, 2, 4 and 8 hours, then given up', () => {
    const delays = [1, 2, 3, 4].map((n) => nextRefundTry(n, now)!.getTime() - now.getTime());
    expect(delays).toEqual([HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
    expect(nextRefundTry(REFUND_TRIES, now)).toBeNull();
    expect(nextRefundTry(REFUND_TRIES + 3, now)).toBeNull();
  });

  it('says the provider’s reason in plain words, and names an unknown one safely', () => {
    expect(refusalInWords('expired_or_canceled_card')).toBe('the diner’s card has expired or was cancelled');
    expect(refusalInWords('charge_disputed')).toMatch(/disputed the charge/);
    expect(refusalInWords(null)).toBe('the payment provider refused it without saying why');
    expect(refusalInWords('unknown')).toBe('the payment provider refused it without saying why');
    expect(refusalInWords('new_code<script>')).toBe('the payment provider refused it (new_codescript)');
  });
});
