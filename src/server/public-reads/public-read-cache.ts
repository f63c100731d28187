import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { PROGRESS_CHANNEL } from '../progress/progress-hub';

/**
 * The NOTIFY channel on which the database's triggers (migration public-read-notify) announce what a
 * committed change touched: `event:<id>`, `user:<id>` (a truck's profile, an organizer's name) or
 * `menu:<truckId>`.
 */
export const PUBLIC_READ_CHANNEL = 'public_read';

/** An answer as it goes out: the serialized bytes, their ETag, and what decides who may have it. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** Only these users may see it (a hidden event: its organizer, truck and admins); null: anyone. */
  restrictedTo: { organizerId: number; foodTruckId: number } | null;
  /** Epoch ms after which it must be read again (a list changes when one of its events ends). */
  expiresAt: number;
  /** Users whose rows the answer shows (the truck, the organizer): a change to them drops it. */
  users: number[];
}

const SCOPES = ['event', 'menu', 'list'] as const;
type Scope = (typeof SCOPES)[number];

interface Fill {
  promise: Promise<CachedAnswer | null>;
  /** Set when an invalidation for the key arrives while the read is under way: then it is not kept. */
  stale: boolean;
}

const MAX_ENTRIES = 20_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Bigger answers (a menu full of inline pictures) are served, but not kept. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Public answers of this instance, kept as the bytes that go out (docs/decisions/080-cached-public-reads.md).
 * Every change that alters one is announced by a database trigger in the changing transaction; NOTIFY
 * delivers it at commit to every instance, which drops the answer. A read racing with a change is not
 * kept, and while the LISTEN connection is down nothing is kept or served, so an answer never outlives
 * a committed change by more than the notification's latency.
 */
export class PublicReadCache {
  /** By scope, then key; each map in the order answers were kept, oldest first. */
  private readonly entries: Record<Scope, Map<string, CachedAnswer>> = {
    event: new Map(),
    menu: new Map(),
    list: new Map(),
  };
  private readonly fills: Record<Scope, Map<string, Fill>> = {
    event: new Map(),
    menu: new Map(),
    list: new Map(),
  };
  private bytes = 0;
  private size = 0;
  private listening = false;
  private unlisten: Array<() => Promise<void>> = [];
  /** Reads of the database made to fill the cache, for tests. */
  fillCount = 0;

  constructor(
    private readonly database: Pick<Database, 'listen' | 'syncListeners'>,
    private readonly now: () => Date,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async start(): Promise<void> {
    // Each channel has its own connection: the cache works only while both are listening.
    const down = new Set<string>();
    const onState = (channel: string) => (connected: boolean) => {
      if (connected) down.delete(channel);
      else down.add(channel);
      this.listening = down.size === 0;
      this.clear();
      if (!connected) this.log.warn(`public read cache off until the LISTEN on ${channel} is back`);
    };
    this.unlisten.push(
      await this.database.listen(
        PUBLIC_READ_CHANNEL,
        (payload) => this.onChange(payload),
        onState(PUBLIC_READ_CHANNEL),
      ),
      // Orders move an event's sales and backers: the live-progress triggers announce those already.
      await this.database.listen(
        PROGRESS_CHANNEL,
        (payload) => this.invalidate('event', Number(payload)),
        onState(PROGRESS_CHANNEL),
      ),
    );
    this.listening = down.size === 0;
  }

  /**
   * Waits until this instance has heard every change committed so far, so that a write answered here
   * is followed by reads of it here (its writer's next request) without the notification's latency.
   * Nothing to wait for when nothing is kept or being read.
   */
  async catchUp(): Promise<void> {
    if (this.size === 0 && SCOPES.every((scope) => this.fills[scope].size === 0)) return;
    await this.database.syncListeners([PUBLIC_READ_CHANNEL, PROGRESS_CHANNEL]);
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    for (const unlisten of this.unlisten.splice(0)) await unlisten();
  }

  /**
   * The cached answer for a key, if there is one, without waiting: a route answers a hit in the same
   * tick as the request came in (no promise, no microtask), and calls `get` otherwise.
   */
  peek(scope: Scope, key: string): CachedAnswer | undefined {
    const hit = this.entries[scope].get(key);
    if (!hit) return undefined;
    if (hit.expiresAt > this.now().getTime()) return hit;
    this.remove(scope, key);
    return undefined;
  }

  /**
   * The cached answer for a key, or the one `read` makes (one read at a time per key; concurrent
   * callers share it). `read` answers null for "nothing to cache" (a missing event).
   */
  async get(
    scope: Scope,
    key: string,
    read: () => Promise<CachedAnswer | null>,
  ): Promise<CachedAnswer | null> {
    const hit = this.peek(scope, key);
    if (hit) return hit;
    const fills = this.fills[scope];
    const running = fills.get(key);
    // A read that a change overtook is not shared with callers that came after the change.
    if (running && !running.stale) return running.promise;
    const fill: Fill = { promise: read(), stale: false };
    this.fillCount++;
    if (!this.listening) return fill.promise;
    fills.set(key, fill);
    try {
      const answer = await fill.promise;
      if (answer && !fill.stale && this.listening && answer.body.length <= MAX_ANSWER_BYTES) {
        this.put(scope, key, answer);
      }
      return answer;
    } finally {
      if (fills.get(key) === fill) fills.delete(key);
    }
  }

  private put(scope: Scope, key: string, answer: CachedAnswer): void {
    this.remove(scope, key);
    this.entries[scope].set(key, answer);
    this.bytes += answer.body.length;
    this.size++;
    while (this.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      // The scope with the most answers gives up its oldest.
      const largest = SCOPES.reduce((a, b) => (this.entries[a].size >= this.entries[b].size ? a : b));
      const oldest = this.entries[largest].keys().next().value;
      if (oldest === undefined) break;
      this.remove(largest, oldest);
    }
  }

  private remove(scope: Scope, key: string): void {
    const entry = this.entries[scope].get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.size--;
    this.entries[scope].delete(key);
  }

  /** Drops everything that shows an event (its answer, and the list's pages), and any read of it under way. */
  forgetEvent(eventId: number): void {
    this.invalidate('event', eventId);
    this.invalidateScope('list');
  }

  clear(): void {
    for (const scope of SCOPES) this.invalidateScope(scope);
  }

  private onChange(payload: string): void {
    const [kind, raw] = payload.split(':');
    const id = Number(raw);
    if (kind === 'event') this.invalidate('event', id);
    else if (kind === 'menu') this.invalidate('menu', id);
    else if (kind === 'user') this.invalidateUser(id);
    else this.clear();
    // Every change to an event or a truck may move the public list.
    if (kind === 'event' || kind === 'user') this.invalidateScope('list');
  }

  private invalidate(scope: Scope, id: number): void {
    const key = String(id);
    this.remove(scope, key);
    const fill = this.fills[scope].get(key);
    if (fill) fill.stale = true;
  }

  private invalidateScope(scope: Scope): void {
    for (const entry of this.entries[scope].values()) this.bytes -= entry.body.length;
    this.size -= this.entries[scope].size;
    this.entries[scope].clear();
    for (const fill of this.fills[scope].values()) fill.stale = true;
  }

  private invalidateUser(userId: number): void {
    for (const [key, entry] of [...this.entries.event])
      if (entry.users.includes(userId)) this.remove('event', key);
    // A read under way has not said yet whose rows it shows.
    for (const fill of this.fills.event.values()) fill.stale = true;
    this.invalidate('menu', userId);
  }
}

/** An answer ready to cache: its bytes and a strong ETag from them, so every instance gives the same. */
export function cachedAnswer(
  value: unknown,
  options: Partial<Pick<CachedAnswer, 'restrictedTo' | 'expiresAt' | 'users'>> = {},
): CachedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    restrictedTo: options.restrictedTo ?? null,
    expiresAt: options.expiresAt ?? Number.POSITIVE_INFINITY,
    users: options.users ?? [],
  };
}
