import { groupThousands } from '@core/money';
import { calendarDateInZone } from '@core/time';
import { currentLanguage } from '@web/lib/i18n';

const SPANISH_UNITS = {
  minute: ['minuto', 'minutos'],
  hour: ['hora', 'horas'],
  day: ['día', 'días'],
  month: ['mes', 'meses'],
} as const;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "in 3 days", "1 hour ago": what `Intl.RelativeTimeFormat('en-US', { numeric: 'always' })` prints for
 * these units and the small numbers used here. Written out because building that formatter costs a
 * phone tens of milliseconds of locale data on the event page's first render (decision 108).
 */
export const relative = {
  format(value: number, unit: 'minute' | 'hour' | 'day' | 'month'): string {
    const count = Math.abs(value);
    const past = value < 0 || Object.is(value, -0);
    if (currentLanguage() === 'es') {
      // As `Intl.RelativeTimeFormat('es')` says them: "dentro de 3 días", "hace 1 hora".
      const amount = `${count.toLocaleString('es-US')} ${count === 1 ? SPANISH_UNITS[unit][0] : SPANISH_UNITS[unit][1]}`;
      return past ? `hace ${amount}` : `dentro de ${amount}`;
    }
    const amount = `${groupThousands(count)} ${unit}${count === 1 ? '' : 's'}`;
    return past ? `${amount} ago` : `in ${amount}`;
  },
};

/** Whole calendar days between two instants as the event's zone counts them. */
function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  const day = (instant: Date) => Date.parse(`${calendarDateInZone(instant, timeZone)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / DAY);
}

/**
 * "in 3 days", "in 5 hours", "2 days ago": how far the event's start is from now. Days are calendar
 * days in the event's zone, so an event on the date three days from today is "in 3 days" at any hour.
 */
export function describeRelativeStart(startsAt: Date, now: Date, timeZone: string): string {
  const diff = startsAt.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < MINUTE) return currentLanguage() === 'es' ? 'ahora' : 'now';
  if (abs < HOUR) return relative.format(Math.round(diff / MINUTE), 'minute');
  if (abs < DAY) return relative.format(Math.round(diff / HOUR), 'hour');
  const days = calendarDaysBetween(now, startsAt, timeZone);
  if (Math.abs(days) < 60) return relative.format(days, 'day');
  return relative.format(Math.round(diff / (30 * DAY)), 'month');
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds until the start, or null once it has started. */
export function splitCountdown(startsAt: Date, now: Date): CountdownParts | null {
  const remaining = Math.floor((startsAt.getTime() - now.getTime()) / 1000);
  if (remaining <= 0) return null;
  return {
    days: Math.floor(remaining / 86_400),
    hours: Math.floor((remaining % 86_400) / 3600),
    minutes: Math.floor((remaining % 3600) / 60),
    seconds: remaining % 60,
  };
}
