import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('allows a burst, then refuses until tokens refill', () => {
    const bucket = new TokenBucket(3, 1, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.take(500)).toBe(false);
    expect(bucket.take(1000)).toBe(true);
    expect(bucket.take(1000)).toBe(false);
  });

  it('never holds more than its capacity', () => {
    const bucket = new TokenBucket(2, 1, 0);
    expect(bucket.take(60_000)).toBe(true);
    expect(bucket.take(60_000)).toBe(true);
    expect(bucket.take(60_000)).toBe(false);
  });

  it('does not refill when the clock goes backwards', () => {
    const bucket = new TokenBucket(1, 1, 1000);
    expect(bucket.take(1000)).toBe(true);
    expect(bucket.take(0)).toBe(false);
  });
});
