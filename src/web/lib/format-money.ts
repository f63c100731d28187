import { asCurrency, decimalToMinor } from '../../core/currency';
import { intlLocale } from '../../core/language';
import { formatCents, moneyLocale } from '../../core/money';
import { currentLanguage } from './i18n';

/**
 * "$1,000.00", "1.000,00 €", "¥1,500" from the API's decimal string ("1000.00"; "1500" in JPY) and the
 * currency the answer carries (USD when not given), through integer minor units, in the page's language
 * (decision 230).
 */
export function formatMoney(decimal: string | null | undefined, currency?: string | null): string {
  if (decimal === null || decimal === undefined || decimal === '') return '—';
  const code = asCurrency(currency);
  try {
    return formatCents(decimalToMinor(decimal, code), code, intlLocale(currentLanguage()));
  } catch {
    return decimal;
  }
}

/**
 * The currency's sign as the page's language writes it beside an amount, for a field's label ("Amount
 * to refund (¥)"): "$", "CA$", "€", "MX$", "¥" in English; "€", "GBP", "CAD" in Spanish.
 */
export function currencySign(currency: string | null | undefined): string {
  const code = asCurrency(currency);
  const locale = moneyLocale(intlLocale(currentLanguage()), code);
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(1);
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}
