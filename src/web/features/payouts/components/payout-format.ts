import { intlLocale } from '@core/language';
import { currentLanguage, type Translate } from '@web/lib/i18n';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date format in the page's language, made once per language. */
function formatter(kind: 'date' | 'instant'): Intl.DateTimeFormat {
  const locale = intlLocale(currentLanguage());
  const key = `${kind}|${locale}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'date'
        ? { dateStyle: 'medium', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeStyle: 'short' },
    );
    formatters.set(key, format);
  }
  return format;
}

/** "Nov 21, 2026" from an event's calendar date ("2026-11-21"), whatever the device's zone. */
export function formatCalendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatter('date').format(parsed);
}

/** "Nov 24, 2026, 9:00 PM" in the reader's own zone, for when money moves. */
export function formatInstant(iso: string): string {
  return formatter('instant').format(new Date(iso));
}

/** What the provider still needs (its key in `payouts.requirement`), in words an owner understands. */
const REQUIREMENT_KEYS: Record<string, string> = {
  business_type: 'businessType',
  external_account: 'externalAccount',
  'tos_acceptance.date': 'terms',
  'tos_acceptance.ip': 'terms',
  'individual.verification.document': 'identityDocument',
};

export function describeRequirements(t: Translate, requirements: string[]): string[] {
  const labels = requirements.map((r) => {
    const key = REQUIREMENT_KEYS[r];
    return key ? t(`payouts.requirement.${key}`) : r.replaceAll('_', ' ').replaceAll('.', ' ');
  });
  return labels.filter((label, i) => labels.indexOf(label) === i);
}
