import '@web/test/english';
import { describe, expect, it } from 'vitest';
import { describeRelativeStart, relative, splitCountdown } from './relative-date';

const now = new Date('2026-11-21T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3600_000;

describe('describeRelativeStart', () => {
  it('names the distance in days, hours or minutes', () => {
    expect(describeRelativeStart(at(3 * 24 * HOUR + 6 * HOUR), now, 'UTC')).toBe('in 3 days');
    expect(describeRelativeStart(at(24 * HOUR), now, 'UTC')).toBe('in 1 day');
    expect(describeRelativeStart(at(5 * HOUR), now, 'UTC')).toBe('in 5 hours');
    expect(describeRelativeStart(at(20 * 60_000), now, 'UTC')).toBe('in 20 minutes');
    expect(describeRelativeStart(at(10_000), now, 'UTC')).toBe('now');
    expect(describeRelativeStart(at(-2 * 24 * HOUR), now, 'UTC')).toBe('2 days ago');
    expect(describeRelativeStart(at(90 * 24 * HOUR), now, 'UTC')).toBe('in 3 months');
  });

  it('counts calendar days in the event zone, whatever the hour', () => {
    // 12:00 UTC on the 21st; the event at 23:00 UTC on the 24th is 3 days 11 hours away: still "in 3 days".
    expect(describeRelativeStart(new Date('2026-11-24T23:00:00Z'), now, 'UTC')).toBe('in 3 days');
    expect(describeRelativeStart(new Date('2026-11-24T01:00:00Z'), now, 'UTC')).toBe('in 3 days');
    // In Tokyo it is already the 21st at 21:00; 01:00 UTC on the 24th is 10:00 on the 24th there.
    expect(describeRelativeStart(new Date('2026-11-24T01:00:00Z'), now, 'Asia/Tokyo')).toBe('in 3 days');
    // In Los Angeles it is 04:00 on the 21st; 01:00 UTC on the 24th is 17:00 on the 23rd there.
    expect(describeRelativeStart(new Date('2026-11-24T01:00:00Z'), now, 'America/Los_Angeles')).toBe(
      'in 2 days',
    );
  });
});

describe('splitCountdown', () => {
  it('splits the time left and stops at the start', () => {
    expect(splitCountdown(at(2 * 24 * HOUR + 3 * HOUR + 4 * 60_000 + 5_000), now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitCountdown(at(999), now)).toBeNull();
    expect(splitCountdown(now, now)).toBeNull();
    expect(splitCountdown(at(-HOUR), now)).toBeNull();
  });
});

describe('relative', () => {
  it('prints what Intl.RelativeTimeFormat prints in en-US', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
    for (const unit of ['minute', 'hour', 'day', 'month'] as const) {
      for (const value of [0, -0, 1, -1, 2, -2, 23, 59, -59, 999, 1000, -12_345]) {
        expect(relative.format(value, unit)).toBe(intl.format(value, unit));
      }
    }
  });
});
