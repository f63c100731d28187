import { setTimeout as sleep } from 'node:timers/promises';

export class SpacerBusyError extends Error {
  constructor() {
    super('Too many requests are waiting for the upstream service');
    this.name = 'SpacerBusyError';
  }
}

/**
 * Spaces the start of outgoing requests at least `intervalMs` apart, in call order, so one instance
 * never exceeds an upstream's rate (Stripe: 25/s test, 100/s live; Nominatim: 1/s).
 */
export class RequestSpacer {
  private nextSlot = 0;

  constructor(
    private readonly intervalMs: number,
    /** Refuse (SpacerBusyError) rather than queue a request that would wait longer than this. */
    private readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  static perSecond(requestsPerSecond: number, maxWaitMs?: number): RequestSpacer {
    return new RequestSpacer(1000 / requestsPerSecond, maxWaitMs);
  }

  /** Waits for this caller's turn. */
  async wait(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > this.maxWaitMs) throw new SpacerBusyError();
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await sleep(slot - now);
  }
}
