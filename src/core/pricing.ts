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

export interface UnitPriceParts {
  /** The truck's menu price: what counts toward the goal and what the truck is paid. */
  menuCents: number;
  /** The organizer's markup on the menu price. */
  markupCents: number;
  /** The platform's 5% fee; it takes the one rounding, so the three parts always add up to the price. */
  feeCents: number;
  /** What the diner pays for one unit (computeUnitPrice). */
  unitCents: number;
}

/**
 * The one split of a unit price (docs/decisions/126-one-price-split.md): the truck's menu price; the
 * organizer's markup, round-half-up(base × markup / 10000); the platform's fee, the rest. What the diner
 * is shown, what the organizer's totals count, what the payout ledger pays and what refunds take back
 * all come from here. `unitCents` is the price paid (stored on the order line); by default the price
 * the menu gives now. The parts always add up to it.
 */
export function splitUnitPrice(
  baseCents: number,
  markupBasisPoints: number,
  unitCents: number = computeUnitPrice(baseCents, markupBasisPoints),
): UnitPriceParts {
  if (unitCents < baseCents) throw new RangeError('A unit price cannot be below its menu price');
  const markupCents = Math.min(
    divideRoundHalfUp(baseCents * markupBasisPoints, 10000),
    unitCents - baseCents,
  );
  return { menuCents: baseCents, markupCents, feeCents: unitCents - baseCents - markupCents, unitCents };
}

/** The same split for a whole order: each part summed over its lines. */
export function splitOrderPrice(lines: PricedLine[], markupBasisPoints: number): UnitPriceParts {
  const total = { menuCents: 0, markupCents: 0, feeCents: 0, unitCents: 0 };
  for (const line of lines) {
    const parts = splitUnitPrice(line.baseCents, markupBasisPoints);
    total.menuCents += parts.menuCents * line.quantity;
    total.markupCents += parts.markupCents * line.quantity;
    total.feeCents += parts.feeCents * line.quantity;
    total.unitCents += parts.unitCents * line.quantity;
  }
  return total;
}
