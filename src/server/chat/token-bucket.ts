/**
 * Per-socket message rate limit: a burst of `capacity`, then `refillPerSecond` sustained. Kept in
 * memory: a socket lives on one instance, so there is nothing to share.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /** Takes a token if one is left; `now` in milliseconds (a clock going back refills nothing). */
  take(now: number): boolean {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.refillPerSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
