import { describe, expect, it } from 'vitest';
import {
  asCurrency,
  CURRENCIES,
  CURRENCY_DIGITS,
  decimalToMinor,
  hasCurrencyDigits,
  hundredthsToMinor,
  majorToMinor,
  minorPerMajor,
  minorToDecimal,
  providerCurrency,
  tooManyDecimalsMessage,
} from './currency';
import { formatCents, moneyLocale } from './money';

/** The currencies a truck may sell in, their digits, and amounts to and from minor units (decision 230). */
describe('the currency table', () => {
  it.each(CURRENCIES)('%s has the decimals Intl gives it, in every language we speak', (currency) => {
    for (const locale of ['en-US', 'es-US', 'es-MX', 'fr-CA', 'de-DE', 'ja-JP']) {
      const options = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions();
      expect(options.maximumFractionDigits, `${currency} in ${locale}`).toBe(CURRENCY_DIGITS[currency]);
      expect(options.minimumFractionDigits, `${currency} in ${locale}`).toBe(CURRENCY_DIGITS[currency]);
    }
  });

  it('is the six the issue names, USD first by default', () => {
    expect(CURRENCIES).toEqual(['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'JPY']);
    expect(asCurrency(null)).toBe('USD');
    expect(asCurrency('XYZ')).toBe('USD');
    expect(asCurrency('JPY')).toBe('JPY');
    expect(CURRENCIES.map(providerCurrency)).toEqual(['usd', 'cad', 'eur', 'gbp', 'mxn', 'jpy']);
    expect(CURRENCIES.map(minorPerMajor)).toEqual([100, 100, 100, 100, 100, 1]);
  });
});

describe('minor units and decimal strings', () => {
  it.each([
    [1250, 'EUR', '12.50'],
    [5, 'USD', '0.05'],
    [0, 'GBP', '0.00'],
    [-1999, 'CAD', '-19.99'],
    [123456789, 'MXN', '1234567.89'],
    [1500, 'JPY', '1500'],
    [1, 'JPY', '1'],
    [-300, 'JPY', '-300'],
  ] as const)('%i %s is "%s" and back', (minor, currency, decimal) => {
    expect(minorToDecimal(minor, currency)).toBe(decimal);
    expect(decimalToMinor(decimal, currency)).toBe(minor);
  });

  it.each(CURRENCIES)('round-trips every amount in %s from 0 to 100,000 minor units', (currency) => {
    for (let minor = 0; minor <= 100_000; minor += 7) {
      expect(decimalToMinor(minorToDecimal(minor, currency), currency)).toBe(minor);
      if (minor > 0) expect(decimalToMinor(minorToDecimal(-minor, currency), currency)).toBe(-minor);
    }
  });

  it('reads fewer decimals than the currency has, and refuses more', () => {
    expect(decimalToMinor('12', 'EUR')).toBe(1200);
    expect(decimalToMinor('12.5', 'MXN')).toBe(1250);
    expect(() => decimalToMinor('12.50', 'JPY')).toThrow(RangeError);
    expect(() => decimalToMinor('1.005', 'USD')).toThrow(RangeError);
    expect(() => decimalToMinor('1e3', 'USD')).toThrow(RangeError);
    expect(() => decimalToMinor('', 'USD')).toThrow(RangeError);
  });

  it('takes typed numbers without float drift, yen whole', () => {
    expect(majorToMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(majorToMinor(19.99, 'GBP')).toBe(1999);
    expect(majorToMinor(1500, 'JPY')).toBe(1500);
    expect(hasCurrencyDigits(12.5, 'JPY')).toBe(false);
    expect(hasCurrencyDigits(1500, 'JPY')).toBe(true);
    expect(hasCurrencyDigits(12.34, 'MXN')).toBe(true);
    expect(hasCurrencyDigits(12.345, 'MXN')).toBe(false);
  });

  it('turns the schemas’ hundredths into minor units once the currency is known', () => {
    expect(hundredthsToMinor(1250, 'EUR')).toBe(1250);
    expect(hundredthsToMinor(150_000, 'JPY')).toBe(1500);
    expect(hundredthsToMinor(150_050, 'JPY')).toBeNull();
    expect(tooManyDecimalsMessage('JPY')).toBe('Amounts in JPY have no decimals');
    expect(tooManyDecimalsMessage('EUR')).toBe('Amounts in EUR have at most 2 decimals');
  });
});

describe('formatting per currency and language', () => {
  it.each([
    [123450, 'USD', 'en-US'],
    [123450, 'USD', 'es-US'],
    [123450, 'EUR', 'es-US'],
    [123450, 'CAD', 'en-US'],
    [123450, 'GBP', 'en-US'],
    [123450, 'MXN', 'es-MX'],
    [1500, 'JPY', 'en-US'],
    [1500, 'JPY', 'es-US'],
  ] as const)('%i %s in %s is what Intl writes for its major amount', (minor, currency, locale) => {
    const expected = new Intl.NumberFormat(moneyLocale(locale, currency), {
      style: 'currency',
      currency,
    }).format(minor / minorPerMajor(currency));
    expect(formatCents(minor, currency, locale)).toBe(expected);
  });

  it('writes yen without decimals and dollars with cents', () => {
    expect(formatCents(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatCents(150_050, 'USD', 'en-US')).toBe('$1,500.50');
    expect(formatCents(150_050, 'MXN', 'es-MX')).toBe('$1,500.50');
    expect(formatCents(150_050, 'EUR', 'de-DE')).toBe('1.500,50\u00a0€');
  });

  // What a reader sees (decision 231): English in en-US for every currency, the currency named where
  // "$" alone would be another's; Spanish in the region that writes each currency most naturally.
  const plain = (text: string) => text.replace(/\u00a0/g, ' ');
  it.each([
    ['USD', 1250, '$12.50', '$12.50'],
    ['USD', 12_345_650, '$123,456.50', '$123,456.50'],
    ['CAD', 1250, 'CA$12.50', 'CAD 12.50'],
    ['EUR', 1250, '€12.50', '12,50 €'],
    ['EUR', 12_345_650, '€123,456.50', '123.456,50 €'],
    ['GBP', 1250, '£12.50', '12,50 GBP'],
    ['MXN', 1250, 'MX$12.50', '$12.50'],
    ['MXN', 12_345_650, 'MX$123,456.50', '$123,456.50'],
    ['JPY', 1500, '¥1,500', '¥1,500'],
    ['JPY', 75_000, '¥75,000', '¥75,000'],
  ] as const)('%s %i reads "%s" in English and "%s" in Spanish', (currency, minor, english, spanish) => {
    expect(plain(formatCents(minor, currency, 'en-US'))).toBe(english);
    expect(plain(formatCents(minor, currency, 'es-US'))).toBe(spanish);
  });

  it('keeps English in en-US and a region given on purpose, choosing one only for the Spanish page', () => {
    for (const currency of ['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'JPY']) {
      expect(moneyLocale('en-US', currency)).toBe('en-US');
      expect(moneyLocale('de-DE', currency)).toBe('de-DE');
    }
    expect(['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'JPY'].map((c) => moneyLocale('es-US', c))).toEqual([
      'es-US',
      'es-US',
      'es-ES',
      'es-ES',
      'es-MX',
      'es-US',
    ]);
    expect(moneyLocale('es-MX', 'EUR')).toBe('es-MX');
  });
});
