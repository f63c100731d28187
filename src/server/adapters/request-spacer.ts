import { setTimeout as sleep } from 'node:timers/promises';

export class SpacerBusyError extends Error {
  constructor() {
    super('Too many requests are waiting for the upstream service');
    this.name = 'SpacerBusyError';
  }
}

/**
 * Spaces the start of outgoing requests at least `intervalMs` apart, in call order, so one instance
 * never exceeds an upstream's rate (Stripe: 25/s test, 100/s live; Nominatim: 1/s). Each turn is
 * measured from when the previous one actually started, so a stalled event loop can't release a burst.
 */
export class RequestSpacer {
  private lastStart = Number.NEGATIVE_INFINITY;
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly intervalMs: number,
    /** Refuse (SpacerBusyError) rather than queue a request that would wait longer than this. */
    private readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  static perSecond(requestsPerSecond: number, maxWaitMs?: number): RequestSpacer {
    return new RequestSpacer(1000 / requestsPerSecond, maxWaitMs);
  }

  /** Waits for this caller's turn. */
  wait(): Promise<void> {
    const expectedWait =
      Math.max(0, this.lastStart + this.intervalMs - Date.now()) + this.waiting * this.intervalMs;
    if (expectedWait > this.maxWaitMs) return Promise.reject(new SpacerBusyError());
    this.waiting++;
    const turn = this.tail.then(async () => {
      const wait = this.lastStart + this.intervalMs - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastStart = Date.now();
      this.waiting--;
    });
    this.tail = turn;
    return turn;
  }
}
