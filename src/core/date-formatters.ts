/**
 * The date formatters of `time.ts`, in a module of their own (nothing else imported): the page's
 * warm-up worker builds them too, and bundles only this (decision 108).
 */

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (a receipt formats an
 * event's date and time on every order), so each zone's formatters are built once. Zones are few; the
 * cap only keeps spellings typed into a form (zone names are case-insensitive) from piling up.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 1000;

/**
 * The locale dates and times are written in when a call names none (decision 228): the browser sets
 * it to its page's language; the server names the reader's locale in each mail and page it writes.
 */
let defaultLocale = 'en-US';
export function setDefaultDateLocale(locale: string): void {
  defaultLocale = locale;
}

export function formatterFor(
  kind: 'zone' | 'calendar-date' | 'event-date' | 'event-time',
  timeZone: string,
  locale: string = defaultLocale,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(kind === 'calendar-date' ? 'en-CA' : locale, {
      timeZone,
      ...FORMATS[kind],
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

const FORMATS: Record<Parameters<typeof formatterFor>[0], Intl.DateTimeFormatOptions> = {
  zone: {},
  'calendar-date': { year: 'numeric', month: '2-digit', day: '2-digit' },
  /** "Sat, Dec 5, 2026" */
  'event-date': { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** "6:00 PM EST" */
  'event-time': { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
};

/**
 * Builds every formatter this module uses for `timeZone` (decision 108): the browser's first
 * Intl.DateTimeFormat loads locale and zone data for about 40 ms of a phone's time; done in a worker,
 * the data is in the process's caches by the time the page's own first render asks for it.
 */
export function warmUpFormatters(timeZone: string): void {
  for (const kind of Object.keys(FORMATS) as (keyof typeof FORMATS)[]) {
    formatterFor(kind, timeZone).format(0);
  }
}
