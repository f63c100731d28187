import { eq } from 'drizzle-orm';
import { describeLoginWait, LOGIN_WINDOW_MS, loginWaitMs } from '../../core/login-throttle';
import { normalizeUsername, type LoginInput } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { DomainError } from '../domain-error';
import { hitRateLimit, peekRateLimit, resetRateLimit, unhitRateLimit } from '../http/rate-limit';
import { getDummyHash, verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** Too many failed logins: says how long to wait, and the edge sends the same wait as Retry-After. */
export class LoginThrottledError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(
      'login_attempts_exceeded',
      `Too many failed login attempts. Please try again in ${describeLoginWait(retryAfterSeconds * 1000)}.`,
      { retryAfterSeconds },
    );
  }
}

/**
 * Checks a username and password under the throttle of docs/decisions/022-login-throttling.md.
 * Each attempt is counted before the password is checked (so a burst of parallel guesses can't
 * slip in under one count) and taken back when it succeeds.
 */
export async function authenticateUser(db: DbOrTx, input: LoginInput, ip: string, now: Date) {
  const usernameKey = normalizeUsername(input.username);
  const keys = {
    pair: `login:pair:${ip}:${usernameKey}`,
    ip: `login:ip:${ip}`,
    account: `login:user:${usernameKey}`,
  };
  const [pair, ipState, account] = await Promise.all([
    peekRateLimit(db, keys.pair, LOGIN_WINDOW_MS, now),
    peekRateLimit(db, keys.ip, LOGIN_WINDOW_MS, now),
    peekRateLimit(db, keys.account, LOGIN_WINDOW_MS, now),
  ]);
  const wait = loginWaitMs({ pair, ip: ipState, account }, now);
  if (wait > 0) throw new LoginThrottledError(Math.ceil(wait / 1000));

  const counted = await hitRateLimit(db, keys.pair, LOGIN_WINDOW_MS, now);
  // Parallel attempts each got their own count: the later ones owe the wait of the earlier ones.
  if (counted.count > pair.count + 1) {
    const raced = loginWaitMs(
      { pair: { count: counted.count - 1, lastHitAt: now }, ip: ipState, account },
      now,
    );
    if (raced > 0) {
      await unhitRateLimit(db, keys.pair);
      throw new LoginThrottledError(Math.ceil(raced / 1000));
    }
  }
  await hitRateLimit(db, keys.ip, LOGIN_WINDOW_MS, now);
  await hitRateLimit(db, keys.account, LOGIN_WINDOW_MS, now);

  const [user] = await db.select().from(users).where(eq(users.usernameKey, usernameKey));
  const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), input.password);
  if (!user || !valid) throw new DomainError('invalid_credentials', INVALID_CREDENTIALS);
  await Promise.all([
    resetRateLimit(db, keys.pair),
    unhitRateLimit(db, keys.ip),
    unhitRateLimit(db, keys.account),
  ]);
  return user;
}
