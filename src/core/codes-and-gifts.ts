import type { Currency } from './currency';
import { formatCents } from './money';
import { PLATFORM_FEE_BASIS_POINTS } from './pricing';

/**
 * Promo codes and gifts (docs/decisions/222-promo-codes.md, 223-gifts-and-sponsors.md). Integer cents,
 * each rounded once, half up.
 *
 * A promo code is the organizer's gift to a diner: its discount comes out of the organizer's markup
 * only, never the truck's food, the platform's fee, the tax or the tip, so it is at most the order's
 * markup and the goal (food) does not move. A gift is money for the event's cause: the organizer's,
 * outside the goal, with the platform's fee added on top so the cause receives all of it.
 */

/** A code: 3 to 32 letters, digits, '-' or '_'; kept in upper case, matched in any case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
// The most one checkout may give and the least gift on its own are per currency: currency-limits.ts.

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + denominator / 2) / denominator);
}

export interface PromoCodeTerms {
  /** 1 to 100, or null. */
  percentOff: number | null;
  /** Cents, or null. Exactly one of the two is set. */
  amountOffCents: number | null;
}

/**
 * What a code takes off an order: a percentage of the lines (the menu prices the diner saw: food,
 * markup and fee), rounded half up once, or an amount; never more than the order's markup.
 */
export function promoDiscountCents(
  terms: PromoCodeTerms,
  order: { linesCents: number; markupCents: number },
): number {
  const wanted =
    terms.percentOff !== null
      ? divideRoundHalfUp(order.linesCents * terms.percentOff, 100)
      : (terms.amountOffCents ?? 0);
  return Math.max(0, Math.min(wanted, order.markupCents));
}

/** "10% off" or "$2.00 off" ("¥200 off" in yen). */
export function describePromoTerms(terms: PromoCodeTerms, currency: Currency = 'USD'): string {
  return terms.percentOff !== null
    ? `${terms.percentOff}% off`
    : `${formatCents(terms.amountOffCents ?? 0, currency)} off`;
}

export type PromoRefusalCode =
  'promo_code_unknown' | 'promo_code_switched_off' | 'promo_code_expired' | 'promo_code_used_up';

export interface PromoCodeState extends PromoCodeTerms {
  active: boolean;
  expiresAt: Date | null;
  maxUses: number | null;
  uses: number;
}

/**
 * Whether a diner may use a code now (the last use is decided again by the database as the order is
 * written, so the limit holds under a race). Null: it may.
 */
export function promoRefusal(
  code: PromoCodeState | undefined,
  now: Date,
): { code: PromoRefusalCode; message: string } | null {
  if (!code) return { code: 'promo_code_unknown', message: 'This promo code does not exist for this event' };
  if (!code.active) return { code: 'promo_code_switched_off', message: 'This promo code was switched off' };
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) {
    return { code: 'promo_code_expired', message: 'This promo code has expired' };
  }
  if (code.maxUses !== null && code.uses >= code.maxUses) return PROMO_USED_UP;
  return null;
}

export const PROMO_USED_UP = {
  code: 'promo_code_used_up',
  message: 'This promo code has been used up',
} as const;

/** The platform's fee on a gift: 5%, rounded half up once, added on top of it. */
export function giftFeeCents(giftCents: number): number {
  return divideRoundHalfUp(giftCents * PLATFORM_FEE_BASIS_POINTS, 10000);
}

/** The parts of a checkout the card pays, as the server charges it and the diner is shown it. */
export interface FundedTotal {
  /** Lines (food + markup + fee) + tax + tip, as before codes and gifts. */
  foodTotalCents: number;
  discountCents: number;
  giftCents: number;
  giftFeeCents: number;
  /** What the card is charged. */
  totalCents: number;
}

export function fundedTotal(foodTotalCents: number, discountCents: number, giftCents: number): FundedTotal {
  const fee = giftFeeCents(giftCents);
  return {
    foodTotalCents,
    discountCents,
    giftCents,
    giftFeeCents: fee,
    totalCents: foodTotalCents - discountCents + giftCents + fee,
  };
}

/** Whether a gift may carry a sponsor: the event takes sponsors and the gift is at least its minimum. */
export function sponsorRefusal(
  giftCents: number,
  sponsorMinCents: number | null,
  currency: Currency = 'USD',
): string | null {
  if (sponsorMinCents === null) return 'This event does not take sponsors with gifts';
  if (giftCents < sponsorMinCents) {
    return `A sponsor's name comes with a gift of at least ${formatCents(sponsorMinCents, currency)}`;
  }
  return null;
}

/** The share card's line naming the sponsors shown on the page, or null when there are none. */
export function sponsorShareLine(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.length === 1
        ? shown[0]!
        : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
  return `Sponsored by ${list}${list.endsWith('.') ? '' : '.'}`;
}
