import { WEEKDAY_NAMES } from '@core/availability';

/** 'YYYY-MM-DD' as people read it ("Sat, Dec 5, 2026"): a calendar date, the same day in every zone. */
export function formatCalendarDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "Mondays and Tuesdays" for [1, 2]; null when the truck works every day. */
export function describeDaysOff(weekdays: readonly number[]): string | null {
  if (weekdays.length === 0) return null;
  const names = [...weekdays].sort().map((day) => `${WEEKDAY_NAMES[day]}s`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
