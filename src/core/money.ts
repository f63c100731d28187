/**
 * Money is integer cents everywhere in the domain. Decimal strings ("12.50") exist only at the
 * edges: the database's numeric(10,2) columns and the JSON contract of the product.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses "12", "12.5" or "12.50" (as Postgres numeric and form inputs give them) into cents. */
export function parseDecimalToCents(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a money amount: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents to the two-decimal string Postgres numeric(10,2) and the API use. */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Converts a number of dollars typed by a person (at most 2 decimals) to cents, without float drift. */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('Not a finite amount');
  return parseDecimalToCents(dollars.toFixed(2));
}

export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be integer cents, got ${cents}`);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The region a Spanish page writes each currency in (decision 231, amended): euros and pounds as Spain
 * writes them ("12,50 €", "12,50 GBP"), pesos as Mexico ("$12.50"), and the US Spanish of the page for
 * the rest ("$12.50" US dollars, "CAD 12.50", "¥1,500"). English keeps en-US for every currency: its
 * "CA$12.50" and "MX$12.50" name the dollar where en-CA or es-MX would write a bare "$".
 */
const SPANISH_MONEY_LOCALES: Partial<Record<string, string>> = { EUR: 'es-ES', GBP: 'es-ES', MXN: 'es-MX' };

/** The locale an amount in `currency` is written in on a page whose Intl locale is `locale` (intlLocale). */
export function moneyLocale(locale: string, currency: string): string {
  if (locale !== 'es' && locale !== 'es-US') return locale;
  return SPANISH_MONEY_LOCALES[currency] ?? locale;
}

/**
 * "$1,234.50", "1234,50 €", "¥1,500": an amount in the currency's minor units (cents; yen for JPY,
 * src/core/currency.ts), formatted per language and currency as `Intl.NumberFormat(moneyLocale(locale,
 * currency), { style: 'currency', currency })` does. US dollars in en-US are written out from the
 * integer itself, the same text, because the browser's first Intl formatter costs a phone about 40 ms
 * of loading locale data, on the event page's critical path (decision 108).
 */
export function formatCents(cents: number, currency = 'USD', locale = 'en-US'): string {
  assertCents(cents);
  if (currency === 'USD' && locale === 'en-US') {
    const abs = Math.abs(cents);
    const dollars = groupThousands(Math.floor(abs / 100));
    return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
  }
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(moneyLocale(locale, currency), { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  // The currency's own decimals (0 for JPY): minor units over 10^digits, exact at any amount shown.
  return formatter.format(cents / 10 ** (formatter.resolvedOptions().maximumFractionDigits ?? 2));
}

/** "1,234,567": a whole number with en-US thousands separators, without building an Intl formatter. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The largest amount numeric(10,2) holds. */
export const MAX_CENTS = 99_999_999_99;
