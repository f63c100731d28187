import { and, eq, inArray, sql } from 'drizzle-orm';
import { PICKUP_ORDER_STATUSES } from '../../core/fulfilment';
import { parseDecimalToCents } from '../../core/money';
import type { DbOrTx } from '../db/client';
import { pendingOrders } from '../db/schema';

export interface EventDayTotals {
  food: number;
  salesTax: number;
  tip: number;
  total: number;
}

/**
 * The money of the event day's orders (authorized or charged), all of them whatever the screen shows or
 * the search keeps: the food, the sales tax and the tips (the truck's), and what diners pay in all.
 * Integer cents.
 */
export async function sumEventDayOrders(db: DbOrTx, eventId: number): Promise<EventDayTotals> {
  const [row] = await db
    .select({
      food: sql<string>`coalesce(sum(${pendingOrders.subtotalAmount}), 0)::text`,
      salesTax: sql<string>`coalesce(sum(${pendingOrders.taxAmount}), 0)::text`,
      tip: sql<string>`coalesce(sum(${pendingOrders.tipAmount}), 0)::text`,
      total: sql<string>`coalesce(sum(${pendingOrders.totalAmount}), 0)::text`,
    })
    .from(pendingOrders)
    .where(
      and(eq(pendingOrders.eventId, eventId), inArray(pendingOrders.status, [...PICKUP_ORDER_STATUSES])),
    );
  const cents = (value: string | undefined) => parseDecimalToCents(value ?? '0');
  return {
    food: cents(row?.food),
    salesTax: cents(row?.salesTax),
    tip: cents(row?.tip),
    total: cents(row?.total),
  };
}
