import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RateLimitName, RateLimits } from '../config';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { DomainError, type DomainErrorCode } from '../domain-error';
import { HttpError } from './errors';

export interface RateLimitState {
  count: number;
  resetAt: Date;
  /** The latest hit in this window (null before the first). */
  lastHitAt: Date | null;
}

/**
 * Fixed-window counter in the database, so every app instance sees the same count.
 * Returns the count after this hit.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
  /** How many hits this is (e.g. one per invited address). */
  hits = 1,
): Promise<RateLimitState> {
  const windowFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: hits, windowStart: now, lastHitAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${hits} else ${rateLimits.count} + ${hits} end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        lastHitAt: now,
      },
    })
    .returning();
  return {
    count: row!.count,
    resetAt: new Date(row!.windowStart.getTime() + windowMs),
    lastHitAt: row!.lastHitAt,
  };
}

/** The current count without adding to it (0 once the window has passed). */
export async function peekRateLimit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<RateLimitState> {
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  if (!row || row.windowStart.getTime() + windowMs <= now.getTime())
    return { count: 0, resetAt: now, lastHitAt: null };
  return {
    count: row.count,
    resetAt: new Date(row.windowStart.getTime() + windowMs),
    lastHitAt: row.lastHitAt,
  };
}

/** Takes back one hit (an attempt counted in advance that turned out fine). */
export async function unhitRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function resetRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function sweepRateLimits(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${olderThan.toISOString()}::timestamptz`);
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for `@fastify/rate-limit` that keeps its counters in `rate_limits`, so every instance
 * counts the same hits (docs/decisions/020-rate-limits.md). Each route counts in its own namespace,
 * its method and URL: `rl:POST:/api/register:<key>`.
 */
export function databaseRateLimitStore(db: DbOrTx, now: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    /** The plugin builds the root store with its global options; only `child` names a namespace. */
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : 'global';
    }

    incr(key: string, callback: StoreCallback, timeWindow = 60_000): void {
      const at = now();
      hitRateLimit(db, `rl:${this.namespace}:${key}`, timeWindow, at).then(
        (state) =>
          callback(null, { current: state.count, ttl: Math.max(0, state.resetAt.getTime() - at.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    /**
     * The plugin calls this once per limited route with the route's merged limit options, the route
     * itself under `routeInfo` (its published type says otherwise: reading `method` and `url` from
     * the options themselves gave every route one shared `undefined:undefined` counter).
     */
    child(options: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeNamespace(options));
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * `POST:/api/register` for a route's limit options; throws rather than share a counter. A `HEAD` counts
 * with the `GET` of its path (Fastify adds a HEAD route for every GET, and the plugin limits it apart):
 * a HEAD does the GET's work, so a flood of HEADs must not get a second allowance (decision 212).
 */
export function routeNamespace(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | null)?.routeInfo;
  const methods = [route?.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method));
  const method = [...new Set(methods)].join(',');
  if (
    methods.length === 0 ||
    methods.some((m) => typeof m !== 'string') ||
    typeof route?.url !== 'string' ||
    route.url === ''
  )
    throw new Error('A rate limit needs its route: use config.rateLimit on a route, not createRateLimit.');
  return `${method}:${route.url}`;
}

export const REFUSALS: Record<RateLimitName, string> = {
  registration: 'Too many accounts were created from your network.',
  orders: 'Too many orders were placed from your network.',
  invitations: 'Too many invitations were sent.',
  geocoding: 'Too many map lookups.',
  chat: 'Too many chat connections from your network.',
  sessions: 'Too many new visits from your network.',
  uploads: 'Too many pictures were uploaded from your account.',
  uploadsPerAddress: 'Too many pictures were uploaded from your network.',
  refunds: 'Too many refunds were made from your account.',
};

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The refusal of a use case's own counter that has passed its limit: the sentence ends with how long
 * to wait, and the answer carries it as Retry-After (at least a second).
 */
export function overLimitError(
  code: DomainErrorCode,
  state: RateLimitState,
  now: Date,
  sentence: (wait: string) => string,
): DomainError {
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
  return new DomainError(code, sentence(`Please try again in ${describeWait(seconds)}.`), {
    retryAfterSeconds: seconds,
  });
}

/**
 * A route's `config.rateLimit` for one of the configured limits; `false` when it is off. The answer
 * is 429 with Retry-After and a message saying how long to wait.
 */
export function routeRateLimit(
  limits: RateLimits,
  name: RateLimitName,
  keyGenerator: (request: FastifyRequest) => string | Promise<string> = (request) => request.ip,
): RateLimitOptions | false {
  const limit = limits[name];
  if (!limit) return false;
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `${REFUSALS[name]} Please try again in ${describeWait(Math.ceil(context.ttl / 1000))}.`,
      ),
  };
}
