import { assertCents } from './money';

/**
 * The currencies a truck may sell in (ISO 4217), and how many decimals each has: what
 * `Intl.NumberFormat(…, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits` says
 * (currency.test.ts checks the table against it), written out so pricing never builds a formatter.
 * Every amount in the app is an integer of the currency's minor units: cents, or yen for JPY
 * (docs/decisions/230-a-truck-sells-in-one-currency.md).
 */
export const CURRENCY_DIGITS = { USD: 2, CAD: 2, EUR: 2, GBP: 2, MXN: 2, JPY: 0 } as const;
export type Currency = keyof typeof CURRENCY_DIGITS;
export const CURRENCIES = Object.keys(CURRENCY_DIGITS) as Currency[];
export const DEFAULT_CURRENCY: Currency = 'USD';

export function isCurrency(code: unknown): code is Currency {
  return typeof code === 'string' && Object.hasOwn(CURRENCY_DIGITS, code);
}

/** A stored or sent code as one of ours; anything else (a row written before currencies) is USD. */
export function asCurrency(code: string | null | undefined): Currency {
  return isCurrency(code) ? code : DEFAULT_CURRENCY;
}

/** 100 for cents, 1 for yen: minor units in one major unit. */
export function minorPerMajor(currency: Currency): number {
  return 10 ** CURRENCY_DIGITS[currency];
}

/** What the payment provider is sent: the code in lower case ("eur"), as Stripe wants it. */
export function providerCurrency(currency: Currency): string {
  return currency.toLowerCase();
}

/** Minor units to the API's decimal string in the currency's digits: 1250 EUR → "12.50", 1500 JPY → "1500". */
export function minorToDecimal(minor: number, currency: Currency): string {
  assertCents(minor);
  const digits = CURRENCY_DIGITS[currency];
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}

/** The API's or a form's decimal string to minor units; more decimals than the currency has is refused. */
export function decimalToMinor(value: string, currency: Currency): number {
  const digits = CURRENCY_DIGITS[currency];
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match || (match[3] ?? '').length > digits) {
    throw new RangeError(`Not an amount in ${currency}: "${value}"`);
  }
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  assertCents(minor);
  return sign ? -minor : minor;
}

/** A number a person typed (at most the currency's decimals) to minor units, without float drift. */
export function majorToMinor(major: number, currency: Currency): number {
  if (!Number.isFinite(major)) throw new RangeError('Not a finite amount');
  return decimalToMinor(major.toFixed(CURRENCY_DIGITS[currency]), currency);
}

/** Whether a typed number has no more decimals than the currency allows (none for JPY). */
export function hasCurrencyDigits(major: number, currency: Currency): boolean {
  const scaled = major * minorPerMajor(currency);
  return Number.isFinite(major) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * The request schemas read a typed amount as hundredths ("12.50" → 1250, src/core/schemas), before the
 * currency is known; this makes them the currency's minor units once it is: the same for a two-decimal
 * currency, divided by 100 for yen. Null when the amount has more decimals than the currency allows.
 */
export function hundredthsToMinor(hundredths: number, currency: Currency): number | null {
  const scale = 100 / minorPerMajor(currency);
  return hundredths % scale === 0 ? hundredths / scale : null;
}

/** Said when an amount has decimals its currency has not: "Amounts in JPY have no decimals". */
export function tooManyDecimalsMessage(currency: Currency): string {
  const digits = CURRENCY_DIGITS[currency];
  return digits === 0
    ? `Amounts in ${currency} have no decimals`
    : `Amounts in ${currency} have at most ${digits} decimals`;
}
