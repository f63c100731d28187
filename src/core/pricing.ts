import { assertCents, parseDecimalToCents } from './money';

/** The platform's fee: 5% of the food price, charged to the diner. */
export const PLATFORM_FEE_BASIS_POINTS = 500;
export const PLATFORM_FEE_PERCENTAGE = 5;

/** "12.50" (numeric(5,2) percent) → 1250 basis points. */
export function percentageToBasisPoints(percentage: string | number): number {
  const text = typeof percentage === 'number' ? percentage.toFixed(2) : percentage;
  return parseDecimalToCents(text);
}

/** Integer division rounding half away from zero, for non-negative numerators. */
function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + denominator / 2) / denominator);
}

/**
 * What a diner pays for one unit: base + markup% of base + 5% fee of base, each on the base
 * price, rounded once, half up.
 */
export function computeUnitPrice(baseCents: number, markupBasisPoints: number): number {
  assertCents(baseCents);
  if (baseCents < 0) throw new RangeError('A price cannot be negative');
  if (!Number.isInteger(markupBasisPoints) || markupBasisPoints < 0 || markupBasisPoints > 10000) {
    throw new RangeError('Markup must be between 0% and 100%');
  }
  return divideRoundHalfUp(baseCents * (10000 + markupBasisPoints + PLATFORM_FEE_BASIS_POINTS), 10000);
}

export interface PricedLine {
  menuItemId: number;
  quantity: number;
  baseCents: number;
}

export interface OrderPrice {
  /** Food at the truck's menu prices: what counts toward the goal. */
  subtotalCents: number;
  /** Σ unit price × quantity: what the card is charged. */
  totalCents: number;
  lines: Array<PricedLine & { unitCents: number; lineTotalCents: number }>;
}

export function priceOrder(lines: PricedLine[], markupBasisPoints: number): OrderPrice {
  let subtotalCents = 0;
  let totalCents = 0;
  const priced = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new RangeError('Quantity must be at least 1');
    const unitCents = computeUnitPrice(line.baseCents, markupBasisPoints);
    const lineTotalCents = unitCents * line.quantity;
    subtotalCents += line.baseCents * line.quantity;
    totalCents += lineTotalCents;
    return { ...line, unitCents, lineTotalCents };
  });
  return { subtotalCents, totalCents, lines: priced };
}
