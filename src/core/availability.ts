/**
 * Whether a truck can take an event on a date (docs/decisions/170-truck-availability.md). A truck is
 * unavailable on a date it marked (an inclusive range of local dates), on a weekday it never works,
 * and on a date it already accepted an event for. Dates are the event's local dates, 'YYYY-MM-DD'.
 */
import { LIVE_EVENT_STATUSES, type EventStatus } from './event-status';

/** An accepted event on its date blocks the truck's day: accepted and not called off or declined. */
export const BOOKED_EVENT_STATUSES: readonly EventStatus[] = [
  'approved',
  'processing',
  'confirmed',
  'payment_failed',
  'closed',
];

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** How far ahead a truck's next free date is looked for. */
export const NEXT_FREE_HORIZON_DAYS = 180;

/**
 * A period the truck marked, as anyone may know it: when, never why. The truck's private note is not
 * part of a calendar at all, so no answer, message or page built from one can carry it (decision 214).
 */
export interface UnavailableRange {
  startsOn: string;
  endsOn: string;
}

export interface TruckCalendar {
  ranges: readonly UnavailableRange[];
  /** 0 Sunday … 6 Saturday. */
  weekdays: readonly number[];
  /** Dates of accepted events. */
  bookedDates: readonly string[];
}

export type Availability =
  { available: true } | { available: false; reason: 'unavailable' | 'weekday' | 'booked' };

/** 0 Sunday … 6 Saturday, of a calendar date (no zone: a date is the same day everywhere). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function availabilityOn(date: string, calendar: TruckCalendar): Availability {
  if (calendar.bookedDates.includes(date)) return { available: false, reason: 'booked' };
  if (calendar.ranges.some((r) => r.startsOn <= date && date <= r.endsOn))
    return { available: false, reason: 'unavailable' };
  if (calendar.weekdays.includes(weekdayOf(date))) return { available: false, reason: 'weekday' };
  return { available: true };
}

/** The first date from `from` on (inclusive) the truck is free, or null within the horizon. */
export function nextFreeDate(
  from: string,
  calendar: TruckCalendar,
  horizonDays = NEXT_FREE_HORIZON_DAYS,
): string | null {
  for (let day = 0; day <= horizonDays; day++) {
    const date = addDays(from, day);
    if (availabilityOn(date, calendar).available) return date;
  }
  return null;
}

/** "Sunday, December 20, 2026": a calendar date in words, the same wherever it is read. */
export function describeDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * What an organizer is told when a truck can't take a date (the API's 400 and the form say the same):
 * that it can't, never why it marked the date (its note is its own).
 */
export function unavailableMessage(
  truckName: string,
  date: string,
  availability: Availability,
): string | null {
  if (availability.available) return null;
  const day = describeDate(date);
  switch (availability.reason) {
    case 'booked':
      return `${truckName} is already booked on ${day}. Please choose another date or truck.`;
    case 'weekday':
      return `${truckName} does not work on ${WEEKDAY_NAMES[weekdayOf(date)]}s. Please choose another date or truck.`;
    case 'unavailable':
      return `${truckName} is not available on ${day}. Please choose another date or truck.`;
  }
}

/**
 * Events that hold the truck's date: accepted and still going to happen (`LIVE_EVENT_STATUSES`:
 * approved, processing, confirmed). An event that ended, failed or was called off holds nothing.
 */
export const DATE_HOLDING_EVENT_STATUSES: readonly EventStatus[] = LIVE_EVENT_STATUSES;

export interface HeldDate {
  eventId: number;
  title: string;
  /** The event's local date. */
  date: string;
  status: EventStatus;
}

/** The accepted events that a new block would fall on: dates in [startsOn, endsOn], or weekdays. */
export function eventsInTheWay(
  block: { startsOn: string; endsOn: string } | { weekdays: readonly number[]; from: string },
  events: readonly HeldDate[],
): HeldDate[] {
  return events
    .filter((e) => DATE_HOLDING_EVENT_STATUSES.includes(e.status))
    .filter((e) =>
      'weekdays' in block
        ? e.date >= block.from && block.weekdays.includes(weekdayOf(e.date))
        : block.startsOn <= e.date && e.date <= block.endsOn,
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.eventId - b.eventId);
}

/**
 * Why a truck can't block days that hold an accepted event: the event is named (the first three, then
 * how many more), and calling it off is its own, explicit act, which tells diners and the organizer.
 */
export function heldDateMessage(inTheWay: readonly HeldDate[]): string | null {
  if (inTheWay.length === 0) return null;
  const named = inTheWay.slice(0, 3).map((e) => `“${e.title}” on ${describeDate(e.date)}`);
  const more = inTheWay.length - named.length;
  const list =
    named.length === 1
      ? named[0]!
      : `${named.slice(0, -1).join(', ')}${more > 0 ? ', ' : ' and '}${named.at(-1)!}${more > 0 ? ` and ${more} more` : ''}`;
  const them = inTheWay.length === 1 ? 'that event' : 'those events';
  return `You accepted ${list}. Blocking ${inTheWay.length === 1 ? 'that date' : 'those dates'} would not call ${them} off: if you can't come, call ${them} off from My Bookings first (diners and the organizer are told), then block the date${inTheWay.length === 1 ? '' : 's'}.`;
}
