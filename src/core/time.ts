import { formatterFor } from './date-formatters';

/**
 * An event's date and times are wall-clock values in the event's own IANA time zone: this file checks,
 * compares and formats them (with the platform's Intl). Turning them into instants is zoned-time.ts,
 * kept apart because it needs `@date-fns/tz` and the browser never does.
 */

/** YYYY-MM-DD and HH:MM (seconds allowed): an event's calendar date and wall clock, as typed. */
export const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
const MINUTE = 60_000;

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor('zone', timeZone);
    return true;
  } catch {
    return false;
  }
}

export function isValidCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidWallTime(value: string): boolean {
  return WALL_TIME.test(value);
}

/** The calendar date after `date` (YYYY-MM-DD), across month and year ends. */
export function nextCalendarDate(date: string): string {
  const d = CALENDAR_DATE.exec(date);
  if (!d) throw new RangeError(`Not a date: ${date}`);
  const next = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + 1));
  return next.toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function calendarDateInZone(instant: Date, timeZone: string): string {
  return formatterFor('calendar-date', timeZone).format(instant);
}

/** An ISO 8601 timestamp: its calendar date and wall clock, and an offset (`Z`, `+09:00`) or none. */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|([+-])([01]\d|2[0-3]):?([0-5]\d))?$/i;

/**
 * The calendar date a caller means by an event's `date` (docs/decisions/111-event-date-in-its-zone.md):
 *
 * - `YYYY-MM-DD` is that date, as it is;
 * - a timestamp with an offset (`2026-12-19T15:00:00.000Z`, what `toISOString()` sends for Tokyo's
 *   midnight of 20 December) is the date that instant falls on in the event's own zone: 2026-12-20;
 * - a timestamp without an offset (`2026-12-20T00:00`) is already a wall clock there: its own date.
 *
 * Null when the value is none of these or names a day that does not exist.
 */
export function eventCalendarDate(value: string, timeZone: string): string | null {
  if (CALENDAR_DATE.test(value)) return isValidCalendarDate(value) ? value : null;
  const t = TIMESTAMP.exec(value);
  if (!t || !isValidCalendarDate(t[1]!)) return null;
  if (!t[6]) return t[1]!;
  const [year, month, day] = t[1]!.split('-').map(Number) as [number, number, number];
  const milliseconds = Number((t[5] ?? '').padEnd(3, '0').slice(0, 3));
  const wallAsUtc = Date.UTC(
    year,
    month - 1,
    day,
    Number(t[2]),
    Number(t[3]),
    Number(t[4] ?? 0),
    milliseconds,
  );
  const offsetMinutes =
    t[6].toUpperCase() === 'Z' ? 0 : (t[7] === '-' ? -1 : 1) * (Number(t[8]) * 60 + Number(t[9]));
  return calendarDateInZone(new Date(wallAsUtc - offsetMinutes * MINUTE), timeZone);
}

function minutesOfDay(time: string): number {
  const t = WALL_TIME.exec(time);
  if (!t) throw new RangeError(`Not a time: ${time}`);
  return Number(t[1]) * 60 + Number(t[2]);
}

/** The longest an event that runs past midnight may last, on the wall clock. */
export const MAX_OVERNIGHT_EVENT_HOURS = 12;

/**
 * Whether an end time reads as after the start: later the same day, or past midnight for a late event of
 * at most 12 hours (22:00 to 03:00). 18:00 to 17:00 is a typing mistake, not a 23-hour event, and equal
 * times are no event at all (docs/decisions/105-event-validation.md).
 */
export function endsAfterStart(startTime: string, endTime: string): boolean {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  if (end > start) return true;
  return end < start && end + 24 * 60 - start <= MAX_OVERNIGHT_EVENT_HOURS * 60;
}

/** Whether an event's end falls on the calendar day after its start (a late event past midnight). */
export function endsNextDay(startTime: string, endTime: string): boolean {
  return minutesOfDay(endTime) <= minutesOfDay(startTime);
}

/** "Sat, Dec 5, 2026" and "6:00 PM EST" as a diner sees them, in the event's zone. */
export function formatEventDate(instant: Date, timeZone: string, locale?: string): string {
  return formatterFor('event-date', timeZone, locale).format(instant);
}

export function formatEventTime(instant: Date, timeZone: string, locale?: string): string {
  return formatterFor('event-time', timeZone, locale).format(instant);
}

/**
 * An instant as a deadline reads, in the event's zone and naming it: "Sat, Dec 5, 2026, 6:00 PM EST".
 * Every deadline a diner, truck or organizer is shown (on screen or by mail) is written this way.
 */
export function formatEventInstant(instant: Date, timeZone: string, locale?: string): string {
  return `${formatEventDate(instant, timeZone, locale)}, ${formatEventTime(instant, timeZone, locale)}`;
}
