/**
 * How failed logins slow a guesser down without letting anyone lock a user out
 * (docs/decisions/022-login-throttling.md). Pure: the counts come from the server's shared table.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Per username and address: a person's typos cost nothing, then each attempt waits twice as long. */
export const PAIR_FREE_FAILURES = 3;
export const PAIR_MAX_DELAY_MS = 5 * 60 * 1000;

/** Per address, whatever the username: spraying many names slows down, but never beyond a minute, */
/** so people sharing the address (an office, a proxy without TRUST_PROXY) are never shut out. */
export const IP_FREE_FAILURES = 30;
export const IP_MAX_DELAY_MS = 60 * 1000;

/**
 * Per account, from every address: far above anyone's mistakes. Past it, an address that already
 * failed PAIR_FREE_FAILURES times on this account waits for the window to end; an address that
 * has not (the owner at home) still signs in with the right password.
 */
export const ACCOUNT_CEILING = 100;

/** The wait before the next attempt, after `failures` in the window (0: no wait). */
export function progressiveDelayMs(failures: number, freeFailures: number, maxDelayMs: number): number {
  if (failures < freeFailures) return 0;
  const exponent = Math.min(failures - freeFailures, 30);
  return Math.min(1000 * 2 ** exponent, maxDelayMs);
}

export interface LoginCounts {
  /** Failures of this username from this address, and the latest one. */
  pair: { count: number; lastHitAt: Date | null };
  ip: { count: number; lastHitAt: Date | null };
  account: { count: number; resetAt: Date };
}

/** Milliseconds until this address may try this username again; 0 when it may try now. */
export function loginWaitMs(counts: LoginCounts, now: Date): number {
  const waits = [0];
  // Elapsed time is never negative: an instance whose clock is behind the one that counted a failure
  // (or a test clock set back) must not make anyone wait longer than the delay itself.
  const since = (at: Date | null) => (at ? Math.max(0, now.getTime() - at.getTime()) : Infinity);
  const pairDelay = progressiveDelayMs(counts.pair.count, PAIR_FREE_FAILURES, PAIR_MAX_DELAY_MS);
  waits.push(pairDelay - since(counts.pair.lastHitAt));
  const ipDelay = progressiveDelayMs(counts.ip.count, IP_FREE_FAILURES, IP_MAX_DELAY_MS);
  waits.push(ipDelay - since(counts.ip.lastHitAt));
  if (counts.account.count >= ACCOUNT_CEILING && counts.pair.count >= PAIR_FREE_FAILURES) {
    waits.push(counts.account.resetAt.getTime() - now.getTime());
  }
  return Math.max(...waits);
}

export function describeLoginWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
