import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { PICKUP_ORDER_STATUSES } from '../../core/fulfilment';
import { parseDecimalToCents } from '../../core/money';
import type { DbOrTx } from '../db/client';
import { pendingOrders } from '../db/schema';

export interface EventDayTotals {
  food: number;
  salesTax: number;
  tip: number;
  /** What diners paid, less what went back to them. */
  total: number;
  /** What the truck refunded (its corrections), already taken out of `total`. */
  refunded: number;
}

/**
 * The orders that still count on the event day: authorized or charged, not owed back in full (a
 * call-off's refund) and not refunded in full by the truck (`isRefundedInFull` in core/fulfilment.ts:
 * the same rule, for orders whose status is `confirmed` or `charged`).
 */
export const stillHandedOver = and(
  isNull(pendingOrders.refundDueAt),
  lt(pendingOrders.correctedAmount, pendingOrders.totalAmount),
);

/**
 * The money of the event day's orders, all of them whatever the screen shows or the search keeps
 * (decisions 199, 214): the food, the sales tax and the tips (the truck's) of the orders still handed
 * over, what diners paid in all less what the truck refunded, and that refunded amount. An order
 * refunded in full counts nothing but its refund; a partial refund comes off the total (it names no
 * food, so the food stays). Integer cents, in one statement.
 */
export async function sumEventDayOrders(db: DbOrTx, eventId: number): Promise<EventDayTotals> {
  const handed = sql`filter (where ${stillHandedOver})`;
  const [row] = await db
    .select({
      food: sql<string>`coalesce(sum(${pendingOrders.subtotalAmount}) ${handed}, 0)::text`,
      salesTax: sql<string>`coalesce(sum(${pendingOrders.taxAmount}) ${handed}, 0)::text`,
      tip: sql<string>`coalesce(sum(${pendingOrders.tipAmount}) ${handed}, 0)::text`,
      total: sql<string>`coalesce(sum(${pendingOrders.totalAmount} - ${pendingOrders.correctedAmount}), 0)::text`,
      refunded: sql<string>`coalesce(sum(${pendingOrders.correctedAmount}), 0)::text`,
    })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        inArray(pendingOrders.status, [...PICKUP_ORDER_STATUSES]),
        isNull(pendingOrders.refundDueAt),
      ),
    );
  const cents = (value: string | undefined) => parseDecimalToCents(value ?? '0');
  return {
    food: cents(row?.food),
    salesTax: cents(row?.salesTax),
    tip: cents(row?.tip),
    total: cents(row?.total),
    refunded: cents(row?.refunded),
  };
}
