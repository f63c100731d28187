import type { LimitRefusal } from '../core/currency-limits';
import { LANGUAGES, type Language } from '../core/language';
import { formatCents } from '../core/money';
import { DomainError, type DomainErrorCode } from './domain-error';
import { intlLocale, translator } from './i18n';

/**
 * A limit of the event's currency (src/core/currency-limits.ts) in a language: "A tip can be at most
 * ¥75,000", "La propina puede ser como máximo de 500,00 €", the sentence from the server catalog's
 * `limits` and the amount written as that language writes the currency.
 */
export function sayLimit(refusal: LimitRefusal, language: Language): string {
  const amount = formatCents(refusal.amount, refusal.currency, intlLocale(language));
  return translator(language)(`server:limits.${refusal.sentence}`, { amount });
}

/**
 * The refusal of an amount past its currency's limit, answered in the caller's language with the
 * amount in it (the `errors` catalog has one sentence per code, without the amount); English is the
 * core's sentence. `field`: the form field it is about.
 */
export function limitError(code: DomainErrorCode, refusal: LimitRefusal, field?: string): DomainError {
  const said = Object.fromEntries(
    LANGUAGES.filter((language) => language !== 'en').map((language) => [
      language,
      sayLimit(refusal, language),
    ]),
  );
  return new DomainError(code, refusal.message, {
    ...(field ? { fields: { [field]: refusal.message } } : {}),
    said,
  });
}
