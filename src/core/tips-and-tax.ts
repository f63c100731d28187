import type { Currency } from './currency';
import { currencyLimits, limitRefusal, type LimitRefusal } from './currency-limits';
import { splitOrderPrice, type PricedLine, type UnitPriceParts } from './pricing';

/**
 * A diner's tip for the truck's crew and the truck's sales tax (docs/decisions/188-tips.md,
 * 189-sales-tax.md). Both are charged with the order, both are the truck's, neither counts toward the
 * event's goal (the goal is the truck's food sales). Integer cents, each rounded once per order.
 */

/** The tips offered as buttons, in percent of the food at the truck's menu prices. */
export const TIP_PERCENTS = [10, 15, 20] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];
/** The highest sales-tax rate a truck may set: 25.00% (no US state and locality comes near it). */
export const MAX_SALES_TAX_BASIS_POINTS = 2500;

/** What the diner chose: none (no tip, or `{ amountCents: 0 }`), a percentage of the food, or an amount. */
export type TipChoice = { percent: TipPercent } | { amountCents: number };

/** What a truck's sales tax applies to: the food, the organizer's markup, or both; never the platform fee. */
export interface SalesTaxRule {
  basisPoints: number;
  onFood: boolean;
  onMarkup: boolean;
}

/** Integer division rounding half up, for non-negative numerators. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + denominator / 2) / denominator);
}

/** "8.25%" from 825 basis points, without a float. */
export function formatBasisPoints(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  if (fraction === 0) return `${whole}%`;
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}%`;
}

export function isValidSalesTaxBasisPoints(basisPoints: number): boolean {
  return Number.isInteger(basisPoints) && basisPoints >= 0 && basisPoints <= MAX_SALES_TAX_BASIS_POINTS;
}

/** The rate an event charges: its own when set (the truck's override), else the truck's profile rate. */
export function effectiveSalesTax(
  truck: SalesTaxRule,
  eventBasisPoints: number | null | undefined,
): SalesTaxRule {
  return eventBasisPoints === null || eventBasisPoints === undefined
    ? truck
    : { ...truck, basisPoints: eventBasisPoints };
}

/** The part of an order the tax applies to: its food and/or its markup, summed over the whole order. */
export function taxableCents(parts: Pick<UnitPriceParts, 'menuCents' | 'markupCents'>, rule: SalesTaxRule) {
  return (rule.onFood ? parts.menuCents : 0) + (rule.onMarkup ? parts.markupCents : 0);
}

/**
 * The one rounding rule of sales tax: round half up, once per order, on the order's whole taxable base
 * (never per line or per unit), so the tax shown is the tax charged and the parts add up to the charge.
 */
export function computeSalesTax(
  parts: Pick<UnitPriceParts, 'menuCents' | 'markupCents'>,
  rule: SalesTaxRule,
): number {
  if (!isValidSalesTaxBasisPoints(rule.basisPoints)) throw new RangeError('Sales tax must be 0%–25%');
  return divideRoundHalfUp(taxableCents(parts, rule) * rule.basisPoints, 10000);
}

/** The tip a choice comes to on `foodCents` of food, unchecked (the server checks it with `decideTip`). */
export function tipCentsOf(choice: TipChoice | undefined, foodCents: number): number {
  if (!choice) return 0;
  return 'percent' in choice ? divideRoundHalfUp(foodCents * choice.percent, 100) : choice.amountCents;
}

export type TipDecision =
  | { kind: 'allowed'; tipCents: number }
  /** `limit`: the refusal names the currency's largest tip, for other languages to say it. */
  | { kind: 'refused'; message: string; limit?: LimitRefusal };

/**
 * The tip in minor units: a percentage is of the food at menu prices (what the crew cooked; not the
 * organizer's markup, the platform's fee or the tax), rounded half up once; an amount is taken as is,
 * whole minor units from none to the currency's largest tip ($500.00, ¥75,000; currency-limits.ts).
 */
export function decideTip(choice: TipChoice | undefined, foodCents: number, currency: Currency): TipDecision {
  if (!choice) return { kind: 'allowed', tipCents: 0 };
  if ('percent' in choice) {
    if (!(TIP_PERCENTS as readonly number[]).includes(choice.percent)) {
      return { kind: 'refused', message: 'A tip is 10%, 15% or 20% of the food, or an amount' };
    }
    return { kind: 'allowed', tipCents: tipCentsOf(choice, foodCents) };
  }
  const cents = choice.amountCents;
  if (!Number.isSafeInteger(cents)) return { kind: 'refused', message: 'A tip must be whole cents' };
  if (cents < 0) return { kind: 'refused', message: 'A tip cannot be negative' };
  const { tipMax } = currencyLimits(currency);
  if (cents > tipMax) {
    const limit = limitRefusal('tipTooLarge', tipMax, currency);
    return { kind: 'refused', message: limit.message, limit };
  }
  return { kind: 'allowed', tipCents: cents };
}

/** Everything a diner pays, as they are shown it before paying and as the card is charged. */
export interface CheckoutPrice extends UnitPriceParts {
  /** The lines: food + markup + fee (`unitCents` summed over the lines). */
  linesCents: number;
  taxCents: number;
  tipCents: number;
  /** What the card is charged: lines + tax + tip. */
  totalCents: number;
}

/**
 * The whole price of a cart: the one split of its lines (decision 126), its tax, its tip. What the
 * diner is shown before paying, and what the server charges (`create-order.ts` prices with it too).
 */
export function priceCheckout(
  lines: PricedLine[],
  markupBasisPoints: number,
  tax: SalesTaxRule,
  tip: TipChoice | undefined,
): CheckoutPrice {
  const parts = splitOrderPrice(lines, markupBasisPoints);
  const taxCents = computeSalesTax(parts, tax);
  const tipCents = tipCentsOf(tip, parts.menuCents);
  return {
    ...parts,
    linesCents: parts.unitCents,
    taxCents,
    tipCents,
    totalCents: parts.unitCents + taxCents + tipCents,
  };
}
