import { sql } from 'drizzle-orm';
import type { LoginInput } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { tooManyRequests, unauthorized } from '../http/errors';
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../http/rate-limit';
import { getDummyHash, verifyPassword } from './passwords';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed per username, and per IP address, in a window. */
export const LOGIN_MAX_FAILURES_PER_USER = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const INVALID_CREDENTIALS = 'Invalid username or password';

function minutesUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60000));
}

export async function authenticateUser(db: DbOrTx, input: LoginInput, ip: string, now: Date) {
  const userKey = `login:user:${input.username.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  for (const [key, max] of [
    [userKey, LOGIN_MAX_FAILURES_PER_USER],
    [ipKey, LOGIN_MAX_FAILURES_PER_IP],
  ] as const) {
    const state = await peekRateLimit(db, key, LOGIN_WINDOW_MS, now);
    if (state.count >= max) {
      const minutes = minutesUntil(state.resetAt, now);
      throw tooManyRequests(
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !valid) {
    await hitRateLimit(db, userKey, LOGIN_WINDOW_MS, now);
    await hitRateLimit(db, ipKey, LOGIN_WINDOW_MS, now);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await resetRateLimit(db, userKey);
  return user;
}
