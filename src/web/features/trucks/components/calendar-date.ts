import { intlLocale } from '@core/language';
import { currentLanguage, type Translate } from '@web/lib/i18n';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'YYYY-MM-DD' as people read it ("Sat, Dec 5, 2026"): a calendar date, the same day in every zone. */
export function formatCalendarDate(date: string): string {
  const locale = intlLocale(currentLanguage());
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formatters.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** "Mondays and Tuesdays" for [1, 2] ("los lunes y los martes"); null when the truck works every day. */
export function describeDaysOff(t: Translate, weekdays: readonly number[]): string | null {
  if (weekdays.length === 0) return null;
  const names = [...weekdays].sort().map((day) => t(`trucks.weekdays.${day}`));
  return names.length === 1
    ? names[0]!
    : t('trucks.listAnd', { list: names.slice(0, -1).join(', '), last: names.at(-1) });
}

/** "2.5 km away", "Under 100 m away" in the page's language (the same steps as formatDistance). */
export function describeDistance(t: Translate, meters: number): string {
  if (meters < 100) return t('trucks.distanceUnder100');
  const locale = intlLocale(currentLanguage());
  if (meters < 1000) return t('trucks.distanceMeters', { meters: Math.max(0, Math.round(meters / 10) * 10) });
  const km = meters / 1000;
  const digits = km < 10 ? 1 : 0;
  const shown = (digits ? km : Math.round(km)).toLocaleString(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return t('trucks.distanceKm', { km: shown });
}
