import { describe, expect, it } from 'vitest';
import {
  calendarDateInZone,
  computeEventInstants,
  isValidCalendarDate,
  isValidTimeZone,
  zonedWallTimeToInstant,
} from './time';

describe('zoned wall time', () => {
  it('places a New York evening in UTC, winter and summer', () => {
    expect(zonedWallTimeToInstant('2026-12-05', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-12-05T23:00:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-07-04', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-07-04T22:00:00.000Z',
    );
  });

  it('handles zones east of UTC and the date they fall on', () => {
    const instant = zonedWallTimeToInstant('2026-12-05', '00:30', 'Asia/Tokyo');
    expect(instant.toISOString()).toBe('2026-12-04T15:30:00.000Z');
    expect(calendarDateInZone(instant, 'Asia/Tokyo')).toBe('2026-12-05');
  });

  it('lets an event run past midnight', () => {
    const { startsAt, endsAt } = computeEventInstants('2026-12-05', '22:00', '01:00', 'UTC');
    expect(endsAt.getTime() - startsAt.getTime()).toBe(3 * 60 * 60 * 1000);
  });

  it('validates dates and zones', () => {
    expect(isValidCalendarDate('2026-02-29')).toBe(false);
    expect(isValidCalendarDate('2028-02-29')).toBe(true);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
