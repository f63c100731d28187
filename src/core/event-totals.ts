import { COUNTED_ORDER_STATUSES, type OrderStatus } from './order-status';
import { PLATFORM_FEE_BASIS_POINTS } from './pricing';

export interface SoldLine {
  quantity: number;
  /** What the diner paid for one unit (menu price + markup + platform fee). */
  unitCents: number;
  /** The truck's menu price for one unit when the order was placed. */
  baseCents: number;
}

/**
 * How one unit's price divides: the truck's menu price, the platform's 5% fee (rounded half up on
 * its own), and the organizer's markup as the rest, so the three always add up to what was paid.
 */
export function splitUnitPrice(unitCents: number, baseCents: number) {
  const feeCents = Math.floor((baseCents * PLATFORM_FEE_BASIS_POINTS + 5000) / 10000);
  return { baseCents, feeCents, markupCents: Math.max(0, unitCents - baseCents - feeCents) };
}

export interface EventTotals {
  /** Food at the truck's prices over authorized and charged orders. */
  foodSalesCents: number;
  /** The organizer's markup over the same orders: what the event raised for its cause. */
  markupRaisedCents: number;
  orderCount: number;
}

/** An organizer's totals, from the prices stored on each order line (later menu changes never count). */
export function computeEventTotals(orders: Array<{ status: OrderStatus; lines: SoldLine[] }>): EventTotals {
  let foodSalesCents = 0;
  let markupRaisedCents = 0;
  let orderCount = 0;
  for (const order of orders) {
    if (!COUNTED_ORDER_STATUSES.includes(order.status)) continue;
    orderCount++;
    for (const line of order.lines) {
      const split = splitUnitPrice(line.unitCents, line.baseCents);
      foodSalesCents += split.baseCents * line.quantity;
      markupRaisedCents += split.markupCents * line.quantity;
    }
  }
  return { foodSalesCents, markupRaisedCents, orderCount };
}
