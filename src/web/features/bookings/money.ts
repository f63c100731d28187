import { asCurrency } from '@core/currency';
import { intlLocale } from '@core/language';
import { formatCents } from '@core/money';
import { currentLanguage } from '@web/lib/i18n';

/** An amount in minor units, in its currency and the page's language ("$12.50", "12,50 €"). */
export function formatMinor(cents: number, currency: string | null | undefined): string {
  return formatCents(cents, asCurrency(currency), intlLocale(currentLanguage()));
}
