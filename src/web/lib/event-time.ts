import { formatEventDate, formatEventInstant, formatEventTime } from '../../core/time';

interface EventTimes {
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

/** An event's date and time range as its own zone shows them ("Sat, Dec 5, 2026", "6:00 PM EST – 9:00 PM EST"). */
export function describeEventTimes(event: EventTimes): { date: string; timeRange: string } {
  const startsAt = new Date(event.startsAt);
  const endsAt = new Date(event.endsAt);
  return {
    date: formatEventDate(startsAt, event.timeZone),
    timeRange: `${formatEventTime(startsAt, event.timeZone)} – ${formatEventTime(endsAt, event.timeZone)}`,
  };
}

/** Today's calendar date on this device (YYYY-MM-DD), the default date of a new event. */
export function todayOnThisDevice(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The IANA zone of this browser; events are stored with the organizer's zone. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Sat, Dec 5, 2026, 6:00 PM CST – 9:00 PM CST at Riverside Park": a date, times and place, in the event's zone. */
export function describeEventPlan(
  plan: { startsAt: string; endsAt: string; location: string },
  timeZone: string,
): string {
  const startsAt = new Date(plan.startsAt);
  const endsAt = new Date(plan.endsAt);
  return `${formatEventDate(startsAt, timeZone)}, ${formatEventTime(startsAt, timeZone)} – ${formatEventTime(endsAt, timeZone)} at ${plan.location}`;
}

/** An instant as the event's zone shows it, the zone named: "Sun, Nov 22, 2026, 6:00 AM CST". */
export function describeEventInstant(instant: string, timeZone: string): string {
  return formatEventInstant(new Date(instant), timeZone);
}
