import { describe, expect, it } from 'vitest';
import {
  endsAfterStart,
  endsNextDay,
  calendarDateInZone,
  eventCalendarDate,
  isValidCalendarDate,
  isValidTimeZone,
  nextCalendarDate,
} from './time';
import { computeEventInstants, zonedWallTimeToInstant } from './zoned-time';

const HOUR = 60 * 60 * 1000;
const iso = (date: string, time: string, zone: string) =>
  zonedWallTimeToInstant(date, time, zone).toISOString();
const lengthInHours = (date: string, start: string, end: string, zone: string) => {
  const { startsAt, endsAt } = computeEventInstants(date, start, end, zone);
  return (endsAt.getTime() - startsAt.getTime()) / HOUR;
};

describe('zoned wall time', () => {
  it('places a New York evening in UTC, winter and summer', () => {
    expect(iso('2026-12-05', '18:00', 'America/New_York')).toBe('2026-12-05T23:00:00.000Z');
    expect(iso('2026-07-04', '18:00', 'America/New_York')).toBe('2026-07-04T22:00:00.000Z');
  });

  it('handles zones east of UTC and the date they fall on', () => {
    const instant = zonedWallTimeToInstant('2026-12-05', '00:30', 'Asia/Tokyo');
    expect(instant.toISOString()).toBe('2026-12-04T15:30:00.000Z');
    expect(calendarDateInZone(instant, 'Asia/Tokyo')).toBe('2026-12-05');
  });

  it('validates dates and zones', () => {
    expect(isValidCalendarDate('2026-02-29')).toBe(false);
    expect(isValidCalendarDate('2028-02-29')).toBe(true);
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => zonedWallTimeToInstant('2026-12-05', '18:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  it('steps to the next day across month and year ends', () => {
    expect(nextCalendarDate('2026-12-31')).toBe('2027-01-01');
    expect(nextCalendarDate('2028-02-28')).toBe('2028-02-29');
    expect(nextCalendarDate('2026-03-31')).toBe('2026-04-01');
  });
});

// US clocks jump 02:00 → 03:00 on 2026-03-08 and fall back 02:00 → 01:00 on 2026-11-01.
// EU clocks jump 02:00 → 03:00 (Paris) on 2026-03-29 and fall back 03:00 → 02:00 on 2026-10-25.
describe('the hours the clocks skip and repeat', () => {
  // A skipped wall time is read as minutes past the jump; a repeated one as the first of the two.
  it.each([
    {
      date: '2026-03-08',
      change: 'skipped',
      zone: 'America/New_York',
      times: { '01:59': '06:59', '02:30': '07:30', '03:00': '07:00' },
    },
    {
      date: '2026-03-29',
      change: 'skipped',
      zone: 'Europe/Paris',
      times: { '01:59': '00:59', '02:30': '01:30', '03:00': '01:00' },
    },
    {
      date: '2026-11-01',
      change: 'repeated',
      zone: 'America/New_York',
      times: { '01:30': '05:30', '02:00': '07:00' },
    },
    { date: '2026-11-01', change: 'repeated', zone: 'America/Los_Angeles', times: { '01:30': '08:30' } },
    {
      date: '2026-10-25',
      change: 'repeated',
      zone: 'Europe/Paris',
      times: { '02:30': '00:30', '03:00': '02:00' },
    },
    { date: '2026-10-25', change: 'repeated', zone: 'Europe/London', times: { '01:30': '00:30' } },
  ])('reads the $change hour of $date in $zone', ({ date, zone, times }) => {
    for (const [time, utc] of Object.entries(times))
      expect(iso(date, time, zone), time).toBe(`${date}T${utc}:00.000Z`);
  });
});

describe('events that cross midnight', () => {
  it('ends on the next day on an ordinary night', () => {
    const { startsAt, endsAt } = computeEventInstants('2026-12-05', '22:00', '01:00', 'UTC');
    expect(startsAt.toISOString()).toBe('2026-12-05T22:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-12-06T01:00:00.000Z');
    expect(lengthInHours('2026-12-31', '20:00', '02:00', 'Europe/Berlin')).toBe(6);
  });

  it.each([
    ['an hour shorter when the clocks spring forward', '2026-03-07', '22:00', '03:00', 'America/New_York', 4],
    ['an hour shorter when the clocks spring forward', '2026-03-28', '22:00', '03:00', 'Europe/Paris', 4],
    ['an hour longer when the clocks fall back', '2026-10-31', '22:00', '03:00', 'America/New_York', 6],
    ['an hour longer when the clocks fall back', '2026-10-24', '22:00', '03:00', 'Europe/Paris', 6],
    ['on its day across a change', '2026-03-08', '01:00', '04:00', 'America/New_York', 2],
    ['on its day across a change', '2026-11-01', '00:30', '03:00', 'America/New_York', 3.5],
    ['a whole day when the end equals the start', '2026-12-05', '18:00', '18:00', 'Asia/Tokyo', 24],
  ])('is %s: %s %s–%s in %s lasts %s hours', (_, date, start, end, zone, hours) => {
    expect(lengthInHours(date, start, end, zone)).toBe(hours);
  });

  it('ends by the clock the night the clocks change', () => {
    // 22:00 → 03:00 is five hours on the wall, four by the clock in spring and six in autumn.
    const spring = computeEventInstants('2026-03-07', '22:00', '03:00', 'America/New_York');
    expect(spring.endsAt.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    const autumn = computeEventInstants('2026-10-24', '22:00', '03:00', 'Europe/Paris');
    expect(autumn.endsAt.toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('an end after the start', () => {
  it.each([
    ['18:00', '21:00', true],
    ['18:00', '17:00', false],
    ['18:00', '18:00', false],
    ['22:00', '03:00', true],
    ['21:00', '09:00', true],
    ['21:00', '09:01', false],
  ])(
    'from %s, %s is an end (later that day, or past midnight for at most 12 hours): %s',
    (start, end, ends) => {
      expect(endsAfterStart(start, end)).toBe(ends);
    },
  );

  it('is on the next day only past midnight', () => {
    expect(endsNextDay('22:00', '03:00')).toBe(true);
    expect(endsNextDay('18:00', '21:00')).toBe(false);
  });
});

describe("an event's date as a caller sends it", () => {
  /**
   * What `toISOString()` sends for the first and the last millisecond of 20 December 2026 (and of 4 July,
   * when Auckland and Los Angeles keep other offsets) in zones east and west of UTC. Read as its UTC date,
   * a midnight east of UTC was the 19th and an evening west of UTC the 21st.
   */
  const cases = [
    { zone: 'Asia/Tokyo', midnight: '2026-12-19T15:00:00.000Z', lastMoment: '2026-12-20T14:59:59.999Z' },
    {
      zone: 'Pacific/Auckland',
      midnight: '2026-12-19T11:00:00.000Z',
      lastMoment: '2026-12-20T10:59:59.999Z',
    },
    {
      zone: 'Pacific/Honolulu',
      midnight: '2026-12-20T10:00:00.000Z',
      lastMoment: '2026-12-21T09:59:59.999Z',
    },
    {
      zone: 'America/Los_Angeles',
      midnight: '2026-12-20T08:00:00.000Z',
      lastMoment: '2026-12-21T07:59:59.999Z',
    },
  ];

  it.each(cases)('reads a timestamp as the day it falls on in $zone', ({ zone, midnight, lastMoment }) => {
    expect(iso('2026-12-20', '00:00', zone)).toBe(midnight);
    expect(eventCalendarDate(midnight, zone)).toBe('2026-12-20');
    expect(eventCalendarDate(lastMoment, zone)).toBe('2026-12-20');
  });

  it.each(cases)('keeps YYYY-MM-DD as it is in $zone', ({ zone }) => {
    expect(eventCalendarDate('2026-12-20', zone)).toBe('2026-12-20');
    expect(eventCalendarDate('2026-12-31', zone)).toBe('2026-12-31');
  });

  it("follows the zone's offset of that day, not of today", () => {
    expect(eventCalendarDate('2026-07-03T12:00:00.000Z', 'Pacific/Auckland')).toBe('2026-07-04');
    expect(eventCalendarDate('2026-07-03T11:59:59.999Z', 'Pacific/Auckland')).toBe('2026-07-03');
    expect(eventCalendarDate('2026-07-04T07:00:00.000Z', 'America/Los_Angeles')).toBe('2026-07-04');
    expect(eventCalendarDate('2026-07-04T06:59:59.999Z', 'America/Los_Angeles')).toBe('2026-07-03');
  });

  it('honours an explicit offset, and reads a timestamp without one as a wall clock in the zone', () => {
    expect(eventCalendarDate('2026-12-20T00:00:00+09:00', 'Asia/Tokyo')).toBe('2026-12-20');
    expect(eventCalendarDate('2026-12-20T00:00:00+09:00', 'America/Los_Angeles')).toBe('2026-12-19');
    expect(eventCalendarDate('2026-12-19T16:00-0800', 'Asia/Tokyo')).toBe('2026-12-20');
    expect(eventCalendarDate('2026-12-20T00:00', 'Pacific/Honolulu')).toBe('2026-12-20');
    expect(eventCalendarDate('2026-12-20T23:59:59.123456', 'Asia/Tokyo')).toBe('2026-12-20');
    expect(eventCalendarDate('2026-12-31T23:00:00Z', 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('refuses what is neither, and days that do not exist', () => {
    for (const value of [
      '',
      'tomorrow',
      '20/12/2026',
      '2026-12-20 00:00:00Z',
      '2026-12-20T24:00:00Z',
      '2026-12-20T10:00:00+25:00',
      '2026-02-29',
      '2026-02-29T00:00:00.000Z',
      '2026-12-20T00:00:00.000Z trailing',
    ]) {
      expect(eventCalendarDate(value, 'Asia/Tokyo'), value).toBeNull();
    }
  });
});
