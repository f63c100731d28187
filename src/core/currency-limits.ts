import type { Currency } from './currency';
import { formatCents } from './money';

/**
 * The app's fixed amounts per currency (decision 230's "left to revisit"), in the currency's minor
 * units (cents; yen for JPY). A limit written once in US cents meant ¥50,000 of tip and a ¥50 guarantee
 * in yen; each currency now has its own, of about the same worth, in round amounts of its own money.
 */
export interface CurrencyLimits {
  /**
   * The least card charge Stripe takes in the currency (docs.stripe.com/currencies, "Minimum and
   * maximum charge amounts"): an order below it is refused, a smaller guarantee shortfall charged as it.
   */
  minCharge: number;
  /** The most Stripe charges at once: eight digits of minor units, in every one of ours. */
  maxCharge: number;
  /** The largest tip one order may carry (a typo of an extra zero or two is refused, not charged). */
  tipMax: number;
  /** The most one checkout may give to the cause, and the most a promo code may take off. */
  giftMax: number;
  /** The least gift given without food, and the least gift that may name a sponsor. */
  giftAloneMin: number;
}

const STRIPE_MAX_CHARGE = 99_999_999;

export const CURRENCY_LIMITS: Record<Currency, CurrencyLimits> = {
  USD: {
    minCharge: 50,
    maxCharge: STRIPE_MAX_CHARGE,
    tipMax: 500_00,
    giftMax: 10_000_00,
    giftAloneMin: 1_00,
  },
  CAD: {
    minCharge: 50,
    maxCharge: STRIPE_MAX_CHARGE,
    tipMax: 500_00,
    giftMax: 10_000_00,
    giftAloneMin: 1_00,
  },
  EUR: {
    minCharge: 50,
    maxCharge: STRIPE_MAX_CHARGE,
    tipMax: 500_00,
    giftMax: 10_000_00,
    giftAloneMin: 1_00,
  },
  GBP: {
    minCharge: 30,
    maxCharge: STRIPE_MAX_CHARGE,
    tipMax: 500_00,
    giftMax: 10_000_00,
    giftAloneMin: 1_00,
  },
  MXN: {
    minCharge: 10_00,
    maxCharge: STRIPE_MAX_CHARGE,
    tipMax: 10_000_00,
    giftMax: 200_000_00,
    giftAloneMin: 20_00,
  },
  JPY: { minCharge: 50, maxCharge: STRIPE_MAX_CHARGE, tipMax: 75_000, giftMax: 1_500_000, giftAloneMin: 100 },
};

export function currencyLimits(currency: Currency): CurrencyLimits {
  return CURRENCY_LIMITS[currency];
}

/**
 * The sentences that name a limit, in English as the spec words them for US dollars ("A tip can be at
 * most $500.00"), `{{amount}}` the limit in the event's currency. Other languages say them from the
 * server catalog's `limits` (the same keys; src/server/money-limits.ts) and the web's own keys.
 */
export const LIMIT_SENTENCES = {
  tipTooLarge: 'A tip can be at most {{amount}}',
  giftTooLarge: 'A gift can be at most {{amount}}',
  giftAlone: 'A gift on its own is at least {{amount}}',
  amountOffTooSmall: 'An amount off is at least {{amount}}',
  amountOffTooLarge: 'An amount off is at most {{amount}}',
  sponsorMinimumTooSmall: 'At least {{amount}}',
  sponsorMinimumTooLarge: 'At most {{amount}}',
  orderBelowMinimum: 'The minimum order is {{amount}}',
  orderAboveMaximum:
    'An order can come to at most {{amount}}, the most a card can be charged at once. Please split it into smaller orders.',
} as const;
export type LimitSentence = keyof typeof LIMIT_SENTENCES;

/** A refusal that names an amount: its English sentence, and what another language needs to say it. */
export interface LimitRefusal {
  sentence: LimitSentence;
  amount: number;
  currency: Currency;
  /** In English, the amount in en-US: "A tip can be at most ¥75,000". */
  message: string;
}

export function limitRefusal(sentence: LimitSentence, amount: number, currency: Currency): LimitRefusal {
  const message = LIMIT_SENTENCES[sentence].replace('{{amount}}', formatCents(amount, currency, 'en-US'));
  return { sentence, amount, currency, message };
}

/** A gift checked against its currency's limits: null when it may be given. */
export function giftRefusal(giftCents: number, withFood: boolean, currency: Currency): LimitRefusal | null {
  const limits = currencyLimits(currency);
  if (giftCents > limits.giftMax) return limitRefusal('giftTooLarge', limits.giftMax, currency);
  if (!withFood && giftCents > 0 && giftCents < limits.giftAloneMin) {
    return limitRefusal('giftAlone', limits.giftAloneMin, currency);
  }
  return null;
}

/** A promo code's amount off checked against its currency: one minor unit to a gift's most; null when it may be. */
export function amountOffRefusal(amountOff: number, currency: Currency): LimitRefusal | null {
  if (amountOff < 1) return limitRefusal('amountOffTooSmall', 1, currency);
  const { giftMax } = currencyLimits(currency);
  return amountOff > giftMax ? limitRefusal('amountOffTooLarge', giftMax, currency) : null;
}

/** The least gift that names a sponsor, checked against its currency: a gift alone's least to a gift's most. */
export function sponsorMinimumRefusal(minimum: number, currency: Currency): LimitRefusal | null {
  const { giftAloneMin, giftMax } = currencyLimits(currency);
  if (minimum < giftAloneMin) return limitRefusal('sponsorMinimumTooSmall', giftAloneMin, currency);
  return minimum > giftMax ? limitRefusal('sponsorMinimumTooLarge', giftMax, currency) : null;
}

/** A charge of `amount` checked against the provider's least and most in its currency: null when it may be made. */
export function chargeRefusal(amount: number, currency: Currency): LimitRefusal | null {
  const limits = currencyLimits(currency);
  if (amount < limits.minCharge) return limitRefusal('orderBelowMinimum', limits.minCharge, currency);
  if (amount > limits.maxCharge) return limitRefusal('orderAboveMaximum', limits.maxCharge, currency);
  return null;
}
