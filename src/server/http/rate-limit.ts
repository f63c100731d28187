import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';

export interface RateLimitState {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counter in the database, so every app instance sees the same count
 * (design.md section 6). Returns the count after this hit.
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  now: Date,
): Promise<RateLimitState> {
  const windowFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning();
  return { count: row!.count, resetAt: new Date(row!.windowStart.getTime() + windowMs) };
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
  if (!row || row.windowStart.getTime() + windowMs <= now.getTime()) return { count: 0, resetAt: now };
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
}

export async function resetRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function sweepRateLimits(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${olderThan.toISOString()}::timestamptz`);
}
