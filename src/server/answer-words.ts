import { unavailableMessage, weekdayOf, type Availability } from '../core/availability';
import type { Currency } from '../core/currency';
import type { Language } from '../core/language';
import { formatCents } from '../core/money';
import { describeOrderMoney, orderMoneyState, type OrderMoneyRecord } from '../core/order-status';
import {
  ACCOUNT_INCOMPLETE_REASON,
  CALLED_OFF_REASON,
  NO_ACCOUNT_REASON,
  PLATFORM_FUNDS_REASON,
} from '../core/payout-statement';
import {
  correctionFailureText,
  REFUND_FAILED_TEXT,
  REFUND_GIVEN_UP_TEXT,
  REFUSAL_WITHOUT_REASON,
  REFUSAL_WORDS,
} from '../core/refund-refusals';
import { guaranteeCommitment } from '../core/host-guarantee';
import { intlLocale, translator } from './i18n';

/**
 * Words the server writes into an answer, in the reader's language (decision 229): a CSV's cells, a
 * payout's waiting reason, a refund's failure, an order's payment state. What is stored stays the
 * spec's English (or a status code); it is said in another language on the way out, and English is
 * always the text as the code writes it, never read back from a catalog.
 */

/** An enum value a CSV cell holds (an order's, an event's or a payout's status, a pickup state), as a word. */
export type CellWordKind = 'orderStatus' | 'eventStatus' | 'payoutStatus' | 'fulfilment';

/** The screens' own words for them (the `app` catalog), so a file says what the page says. */
const CELL_WORD_KEYS: Record<CellWordKind, string> = {
  orderStatus: 'app:events.orderStatus',
  eventStatus: 'app:events.status',
  payoutStatus: 'app:payouts.status',
  fulfilment: 'app:events.fulfilment',
};

/** `confirmed` → "Tarjeta retenida" in Spanish; English keeps the value as stored (`confirmed`). */
export function cellWord(language: Language, kind: CellWordKind, value: string): string {
  if (language === 'en' || value === '') return value;
  return translator(language)(`${CELL_WORD_KEYS[kind]}.${value}`, { defaultValue: value });
}

/** "Card held, not charged yet", "Refunded $2.00 of $10.00": where an order's money stands, in `language`. */
export function orderMoneyIn(language: Language, order: OrderMoneyRecord, currency: Currency): string {
  if (language === 'en') return describeOrderMoney(order, (minor) => formatCents(minor, currency));
  const money = (minor: number) => formatCents(minor, currency, intlLocale(language));
  const state = orderMoneyState(order);
  const values =
    state.key === 'chargedPartRefunded'
      ? { refunded: money(state.refunded) }
      : state.key === 'refundedPart'
        ? { refunded: money(state.refunded), total: money(state.total) }
        : undefined;
  return translator(language)(`server:payment.${state.key}`, values);
}

/** Stored English → its key in a catalog section. */
const PAYOUT_REASON_KEYS: Record<string, string> = {
  [NO_ACCOUNT_REASON]: 'noAccount',
  [ACCOUNT_INCOMPLETE_REASON]: 'accountIncomplete',
  [CALLED_OFF_REASON]: 'calledOff',
  [PLATFORM_FUNDS_REASON]: 'platformFunds',
};

/** Why a payout waits (stored, or decided on reading), in `language`; an unknown reason as it is. */
export function payoutReasonIn(language: Language, reason: string | null): string | null {
  if (reason === null || language === 'en') return reason;
  const key = PAYOUT_REASON_KEYS[reason];
  return key ? translator(language)(`server:payoutReason.${key}`) : reason;
}

const OTHER_REFUSAL = /^the payment provider refused it \(([a-z0-9_]*)\)$/i;

/** The provider's refusal as `refusalInWords` says it, in `language`. */
export function refusalWordsIn(language: Language, words: string): string {
  if (language === 'en') return words;
  const t = translator(language);
  if (words === REFUSAL_WITHOUT_REASON) return t('server:refusal.unknown');
  const code = Object.keys(REFUSAL_WORDS).find((key) => REFUSAL_WORDS[key] === words);
  if (code) return t(`server:refusal.${code}`);
  const other = OTHER_REFUSAL.exec(words);
  return other ? t('server:refusal.other', { code: other[1] }) : words;
}

/**
 * A refund's failure as stored on the order (`REFUND_FAILED_TEXT`, `REFUND_GIVEN_UP_TEXT`) or on a
 * correction (`correctionFailureText`), in `language`; anything else as it is.
 */
export function refundFailureIn(language: Language, text: string | null): string | null {
  if (text === null || language === 'en') return text;
  const t = translator(language);
  if (text === REFUND_FAILED_TEXT) return t('server:refundFailure.retrying');
  if (text === REFUND_GIVEN_UP_TEXT) return t('server:refundFailure.givenUp');
  for (const retrying of [true, false]) {
    const [before, after] = correctionFailureText('\u0000', retrying).split('\u0000') as [string, string];
    if (text.length > before.length + after.length && text.startsWith(before) && text.endsWith(after)) {
      const words = refusalWordsIn(language, text.slice(before.length, text.length - after.length));
      return t(`server:refundFailure.${retrying ? 'correctionRetrying' : 'correctionGivenUp'}`, { words });
    }
  }
  return text;
}

/** "Guaranteed: the organizer's saved card pays any shortfall at the start, up to $500.00.", in `language`. */
export function guaranteeSummaryIn(language: Language, capCents: number, currency: Currency = 'USD'): string {
  if (language === 'en') return guaranteeCommitment(capCents, (minor) => formatCents(minor, currency));
  const t = translator(language);
  const cap = formatCents(capCents, currency, intlLocale(language));
  return `${t('app:guarantee.label')}: ${t('app:guarantee.summary', { cap })}`;
}

/** "lunes, 4 de mayo de 2026": a calendar date (YYYY-MM-DD) as `language` writes it. */
function dateIn(language: Language, date: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** Why a truck can't take an event on `date` (`unavailableMessage`), in `language`; null when it can. */
export function availabilityReasonIn(
  language: Language,
  truck: string,
  date: string,
  availability: Availability,
): string | null {
  if (language === 'en' || availability.available) return unavailableMessage(truck, date, availability);
  const t = translator(language);
  const day = dateIn(language, date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const weekdays = t(`server:availability.weekdays.${weekdayOf(date)}`);
  return t(`server:availability.${availability.reason}`, { truck, day, weekdays });
}
