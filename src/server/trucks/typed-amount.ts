import { hasCurrencyDigits, majorToMinor, tooManyDecimalsMessage, type Currency } from '../../core/currency';
import { DomainError } from '../domain-error';

/**
 * An amount a person typed in a form (a number of major units: 12.5 euros, 1500 yen) to the currency's
 * minor units, refused with `amount_decimals` on `field` when it has more decimals than the currency
 * (any for JPY; decision 230).
 */
export function typedAmountToMinor(typed: number, currency: Currency, field: string): number {
  if (!hasCurrencyDigits(typed, currency)) {
    const message = tooManyDecimalsMessage(currency);
    throw new DomainError('amount_decimals', message, { fields: { [field]: message } });
  }
  return majorToMinor(typed, currency);
}
