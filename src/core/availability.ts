/**
 * Whether a truck can take an event on a date (docs/decisions/170-truck-availability.md). A truck is
 * unavailable on a date it marked (an inclusive range of local dates), on a weekday it never works,
 * and on a date it already accepted an event for. Dates are the event's local dates, 'YYYY-MM-DD'.
 */
import type { EventStatus } from './event-status';

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

export interface UnavailableRange {
  startsOn: string;
  endsOn: string;
  note: string | null;
}

export interface TruckCalendar {
  ranges: readonly UnavailableRange[];
  /** 0 Sunday … 6 Saturday. */
  weekdays: readonly number[];
  /** Dates of accepted events. */
  bookedDates: readonly string[];
}

export type Availability =
  | { available: true }
  | { available: false; reason: 'unavailable' | 'weekday' | 'booked'; note: string | null };

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
  if (calendar.bookedDates.includes(date)) return { available: false, reason: 'booked', note: null };
  const range = calendar.ranges.find((r) => r.startsOn <= date && date <= r.endsOn);
  if (range) return { available: false, reason: 'unavailable', note: range.note };
  if (calendar.weekdays.includes(weekdayOf(date))) return { available: false, reason: 'weekday', note: null };
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

/** What an organizer is told when a truck can't take a date (the API's 400 and the form say the same). */
export function unavailableMessage(
  truckName: string,
  date: string,
  availability: Availability,
): string | null {
  if (availability.available) return null;
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  switch (availability.reason) {
    case 'booked':
      return `${truckName} is already booked on ${day}. Please choose another date or truck.`;
    case 'weekday':
      return `${truckName} does not work on ${WEEKDAY_NAMES[weekdayOf(date)]}s. Please choose another date or truck.`;
    case 'unavailable':
      return `${truckName} is not available on ${day}${availability.note ? ` (${availability.note})` : ''}. Please choose another date or truck.`;
  }
}
