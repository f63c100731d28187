import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { ProgressHub } from '../progress/progress-hub';
import type { PublicReadCache } from './public-read-cache';

/** `<token>:<eventId>`: every instance forgets the event, ends its streams, then acknowledges. */
export const TAKEDOWN_CHANNEL = 'event_takedown';
/** `<token>`: one instance has forgotten the event of that takedown. */
export const TAKEDOWN_ACK_CHANNEL = 'event_takedown_ack';

/** How long a hide waits for every instance before it answers anyway (and says so in the log). */
const WAIT_MS = 5000;

interface Waiter {
  acks: number;
  expected: number;
  done: () => void;
}

/**
 * Makes a hidden event disappear from every instance before the admin is answered
 * (docs/decisions/115-hide-on-every-instance.md). The public read cache and the live streams of each
 * instance hear of changes through NOTIFY, asynchronously: a read on another instance could still be
 * served from its cache, or a stream admitted, a few milliseconds after the hide returned. So the hide
 * counts the instances listening, asks each of them (one NOTIFY) to forget the event and end its
 * streams, and waits until each has acknowledged (another NOTIFY) that it did.
 */
export class TakedownSync {
  private readonly waiters = new Map<string, Waiter>();
  private unlisten: Array<() => Promise<void>> = [];

  constructor(
    private readonly database: Pick<Database, 'listen' | 'notify' | 'countListeners'>,
    private readonly publicReads: Pick<PublicReadCache, 'forgetEvent'>,
    private readonly progress: Pick<ProgressHub, 'endViewers'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async start(): Promise<void> {
    this.unlisten.push(
      await this.database.listen(TAKEDOWN_CHANNEL, (payload) => void this.onTakedown(payload)),
      await this.database.listen(TAKEDOWN_ACK_CHANNEL, (token) => this.onAck(token)),
    );
  }

  async stop(): Promise<void> {
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
    for (const waiter of this.waiters.values()) waiter.done();
  }

  /** Resolves once every instance listening now has forgotten the event (or after WAIT_MS). */
  async propagate(eventId: number): Promise<void> {
    const expected = await this.database.countListeners(TAKEDOWN_CHANNEL);
    if (expected === 0) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      this.waiters.set(token, { acks: 0, expected, done: resolve });
    });
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), WAIT_MS)),
    );
    try {
      await this.database.notify(TAKEDOWN_CHANNEL, `${token}:${eventId}`);
      const outcome = await Promise.race([acknowledged, timedOut]);
      if (outcome === 'timeout') {
        const acks = this.waiters.get(token)?.acks ?? 0;
        this.log.warn({ eventId, acks, expected }, 'hidden event: not every instance confirmed in time');
      }
    } finally {
      clearTimeout(timer);
      this.waiters.delete(token);
    }
  }

  private async onTakedown(payload: string): Promise<void> {
    const [token, raw] = payload.split(':');
    const eventId = Number(raw);
    if (!token || !Number.isInteger(eventId)) return;
    this.publicReads.forgetEvent(eventId);
    this.progress.endViewers(eventId);
    try {
      await this.database.notify(TAKEDOWN_ACK_CHANNEL, token);
    } catch (err) {
      this.log.warn({ err, eventId }, 'could not confirm a hidden event');
    }
  }

  private onAck(token: string): void {
    const waiter = this.waiters.get(token);
    if (!waiter) return;
    waiter.acks++;
    if (waiter.acks >= waiter.expected) waiter.done();
  }
}
