import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CEILING,
  describeLoginWait,
  LOGIN_WINDOW_MS,
  loginWaitMs,
  PAIR_FREE_FAILURES,
  progressiveDelayMs,
} from './login-throttle';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const quiet = { count: 0, lastHitAt: null };
const account = (count: number) => ({ count, resetAt: new Date(now.getTime() + 10 * 60 * 1000) });

describe('login throttling', () => {
  it('lets a person mistype a few times, then doubles the wait up to a cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => progressiveDelayMs(n, 3, 300_000))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000,
    ]);
    expect(progressiveDelayMs(40, 3, 300_000)).toBe(300_000);
    expect(progressiveDelayMs(10_000, 3, 300_000)).toBe(300_000);
  });

  it('makes an address wait after its own failures on a name, counted from the latest', () => {
    const counts = { pair: { count: 5, lastHitAt: ago(1000) }, ip: quiet, account: account(5) };
    expect(loginWaitMs(counts, now)).toBe(3000);
    expect(loginWaitMs({ ...counts, pair: { count: 5, lastHitAt: ago(4000) } }, now)).toBe(0);
  });

  it('never makes another address wait for a stranger’s failures, even past the ceiling', () => {
    expect(loginWaitMs({ pair: quiet, ip: quiet, account: account(ACCOUNT_CEILING * 10) }, now)).toBe(0);
    expect(
      loginWaitMs(
        { pair: { count: 2, lastHitAt: ago(10) }, ip: quiet, account: account(ACCOUNT_CEILING) },
        now,
      ),
    ).toBe(0);
  });

  it('past the ceiling, an address that used its allowance waits for the window to end', () => {
    const counts = {
      pair: { count: 3, lastHitAt: ago(60_000) },
      ip: quiet,
      account: account(ACCOUNT_CEILING),
    };
    expect(loginWaitMs(counts, now)).toBe(10 * 60 * 1000);
  });

  it('slows an address spraying many names by at most a minute', () => {
    expect(
      loginWaitMs({ pair: quiet, ip: { count: 500, lastHitAt: ago(0) }, account: account(0) }, now),
    ).toBe(60_000);
  });

  it('never waits longer than the delay when the failure was counted by a clock ahead of this one', () => {
    const later = new Date(now.getTime() + 4 * 24 * 60 * 60 * 1000);
    expect(loginWaitMs({ pair: quiet, ip: { count: 0, lastHitAt: later }, account: account(0) }, now)).toBe(
      0,
    );
    expect(loginWaitMs({ pair: { count: 4, lastHitAt: later }, ip: quiet, account: account(4) }, now)).toBe(
      2000,
    );
  });

  it('says how long to wait', () => {
    expect(describeLoginWait(1)).toBe('1 second');
    expect(describeLoginWait(4000)).toBe('4 seconds');
    expect(describeLoginWait(61_000)).toBe('2 minutes');
  });
});

describe('clock skew between instances', () => {
  it('never makes a wait out of a failure stamped in the future', () => {
    const future = new Date(now.getTime() + 4 * 24 * 60 * 60 * 1000);
    const counts = {
      pair: { count: 1, lastHitAt: future },
      ip: { count: 1, lastHitAt: future },
      account: { count: 1, resetAt: new Date(future.getTime() + LOGIN_WINDOW_MS) },
    };
    expect(loginWaitMs(counts, now)).toBe(0);
    // Past the free failures, the wait is the delay itself, never the skew.
    const guessed = { ...counts, pair: { count: PAIR_FREE_FAILURES, lastHitAt: future } };
    expect(loginWaitMs(guessed, now)).toBe(1000);
  });
});
