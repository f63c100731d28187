import { countsTowardGoal, type OrderStatus } from './order-status';
import { splitUnitPrice } from './pricing';

export interface SoldLine {
  quantity: number;
  /** What the diner paid for one unit (menu price + markup + platform fee). */
  unitCents: number;
  /** The truck's menu price for one unit when the order was placed. */
  baseCents: number;
}

export interface EventTotals {
  /** Food at the truck's prices over authorized and charged orders. */
  foodSalesCents: number;
  /** The organizer's markup over the same orders: what the event raised for its cause. */
  markupRaisedCents: number;
  orderCount: number;
}

/**
 * An organizer's totals, from the prices stored on each order line (later menu changes never count),
 * split by the one rule diners were shown (`splitUnitPrice`).
 */
export function computeEventTotals(
  orders: Array<{ status: OrderStatus; lines: SoldLine[]; refundDue?: boolean }>,
  markupBasisPoints: number,
): EventTotals {
  let foodSalesCents = 0;
  let markupRaisedCents = 0;
  let orderCount = 0;
  for (const order of orders) {
    // A charge owed back (a call-off, a cut-short event) no longer counts, like on the goal.
    if (!countsTowardGoal({ status: order.status, refundDue: order.refundDue ?? false })) continue;
    orderCount++;
    for (const line of order.lines) {
      const split = splitUnitPrice(line.baseCents, markupBasisPoints, line.unitCents);
      foodSalesCents += split.menuCents * line.quantity;
      markupRaisedCents += split.markupCents * line.quantity;
    }
  }
  return { foodSalesCents, markupRaisedCents, orderCount };
}
