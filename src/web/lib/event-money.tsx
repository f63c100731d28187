import { createContext, useContext, type ReactNode } from 'react';
import { asCurrency, CURRENCY_DIGITS, decimalToMinor, type Currency } from '@core/currency';
import { intlLocale, type Language } from '@core/language';
import { formatCents } from '@core/money';
import { useLanguage } from './i18n';

/**
 * The event's currency (decision 230), given once by the event page to its menu, cart, checkout and
 * progress: every amount they read is a decimal string in it ("1500" yen, "12.50" euros), every amount
 * they compute is an integer of its minor units, and every amount they show is formatted in it, in the
 * page's language. Without a provider (a component alone in a test) it is US dollars.
 */
const EventCurrency = createContext<Currency>('USD');

export function EventCurrencyProvider({
  currency,
  children,
}: {
  /** The event answer's `currency`; anything else (an answer from before currencies) is USD. */
  currency: string | null | undefined;
  children: ReactNode;
}) {
  return <EventCurrency.Provider value={asCurrency(currency)}>{children}</EventCurrency.Provider>;
}

export interface EventMoney {
  currency: Currency;
  /** Minor units to "$12.50", "¥1,500", "€12.50" in the page's language. */
  format: (minor: number) => string;
  /** The API's decimal string ("12.50"; "1500" in yen) to minor units. */
  parse: (decimal: string) => number;
}

/** The money of an event in a language: what the components below use, and the notices built outside React. */
export function eventMoney(currency: Currency, language: Language): EventMoney {
  const locale = intlLocale(language);
  return {
    currency,
    format: (minor) => formatCents(minor, currency, locale),
    parse: (decimal) => decimalToMinor(decimal, currency),
  };
}

/** The event's money, in the page's language. */
export function useEventMoney(): EventMoney {
  return eventMoney(useContext(EventCurrency), useLanguage());
}

/**
 * An amount a diner typed ("5", "5.50", "$5.50"; "500" or "¥500" in yen) in the currency's minor units:
 * 0 when empty, null when it is not one (more decimals than the currency has, or more than `wholeDigits`
 * digits before the point; a currency without decimals gets two more, its unit being a hundredth as big).
 */
export function parseTypedAmount(text: string, currency: Currency, wholeDigits: number): number | null {
  const trimmed = text
    .trim()
    .replace(/^(?:[A-Za-z]{0,3}\$|[€£¥])\s*/, '')
    .trim();
  if (trimmed === '') return 0;
  const digits = CURRENCY_DIGITS[currency];
  const pattern =
    digits === 0
      ? new RegExp(`^\\d{1,${wholeDigits + 2}}$`)
      : new RegExp(`^\\d{1,${wholeDigits}}(?:\\.\\d{1,${digits}})?$`);
  return pattern.test(trimmed) ? decimalToMinor(trimmed, currency) : null;
}
