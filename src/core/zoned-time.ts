import { TZDate, tzOffset } from '@date-fns/tz';
import { CALENDAR_DATE, endsNextDay, isValidTimeZone, nextCalendarDate, WALL_TIME } from './time';

/**
 * An event's date and times are wall-clock values in the event's own IANA time zone. These helpers
 * turn them into instants. Zone offsets come from `@date-fns/tz` (which reads the platform's IANA
 * data); this file only decides what a wall clock means on a daylight-saving night:
 *
 * - a time inside the hour the clocks skip (02:30 when they jump from 02:00 to 03:00) is read as
 *   that many minutes past the jump (03:30), as a clock that was not moved would show;
 * - a time inside the hour the clocks repeat (01:30 when they fall back from 02:00 to 01:00) is
 *   the first of the two, so an event never starts an hour later than the organizer meant.
 *
 * An event whose end time is not after its start time ends on the next calendar day; the end is
 * that wall clock on the next day, so a night across a daylight-saving change lasts its real length.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The instant at which a wall clock in `timeZone` shows `date` `time` (see the rules above). */
export function zonedWallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const d = CALENDAR_DATE.exec(date);
  const t = WALL_TIME.exec(time);
  if (!d || !t) throw new RangeError(`Not a date and time: ${date} ${time}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  const [year, month, day] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  // The library settles skipped times forward, as above; repeated times it may settle either way.
  const chosen = new TZDate(year, month, day, hour, minute, timeZone).getTime();
  const wallAsUtc = Date.UTC(year, month, day, hour, minute);
  const offsetBefore = tzOffset(timeZone, new Date(chosen - DAY));
  const earlier = wallAsUtc - offsetBefore * MINUTE;
  if (earlier < chosen && tzOffset(timeZone, new Date(earlier)) === offsetBefore) {
    return new Date(earlier);
  }
  return new Date(chosen);
}

/** Start and end instants of an event; an end time not after the start means it runs past midnight. */
export function computeEventInstants(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): { startsAt: Date; endsAt: Date } {
  const startsAt = zonedWallTimeToInstant(date, startTime, timeZone);
  const endDate = endsNextDay(startTime, endTime) ? nextCalendarDate(date) : date;
  const endsAt = zonedWallTimeToInstant(endDate, endTime, timeZone);
  return { startsAt, endsAt };
}

/**
 * The times among `date` `time` of an event that its zone's clocks never show (the hour skipped when
 * they spring forward), each with the sentence that refuses it: such a time is refused, never moved
 * to the hour after without a word (issue 42). The end is on the next day when it is not after the
 * start. Empty when every time exists.
 */
export function skippedEventTimes(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): { field: 'startTime' | 'endTime'; message: string }[] {
  const endDate = endsNextDay(startTime, endTime) ? nextCalendarDate(date) : date;
  const checks = [
    { field: 'startTime' as const, date, time: startTime },
    { field: 'endTime' as const, date: endDate, time: endTime },
  ];
  return checks.flatMap(({ field, date: day, time }) => {
    const read = zonedWallTimeToInstant(day, time, timeZone);
    const shown = new TZDate(read.getTime(), timeZone);
    const wall = `${String(shown.getHours()).padStart(2, '0')}:${String(shown.getMinutes()).padStart(2, '0')}`;
    if (wall === time.slice(0, 5)) return [];
    const what = field === 'startTime' ? 'start' : 'end';
    return [
      {
        field,
        message: `${time.slice(0, 5)} does not exist on ${day} in ${timeZone}: the clocks skip that hour for daylight saving time. Choose another ${what} time (${wall} is the same moment).`,
      },
    ];
  });
}
