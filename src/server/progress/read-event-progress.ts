import { eq, inArray, sql } from 'drizzle-orm';
import type { ProgressMessage } from '../../core/momentum';
import { asCurrency, minorToDecimal } from '../../core/currency';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { events, pendingOrders } from '../db/schema';

/**
 * Distinct diners (by e-mail, case-insensitive) whose order is authorized or charged, as a column
 * of a select on `events`, so an event and its backers are one query. The outer reference is
 * spelled out: drizzle leaves columns unqualified in a one-table select, where a bare "id" inside
 * the subquery would mean the order's.
 */
export function backerCountOfEvent() {
  return sql<number>`(select count(distinct lower(${pendingOrders.customerEmail}))::int from ${pendingOrders} where ${pendingOrders.eventId} = "events"."id" and ${inArray(pendingOrders.status, [...COUNTED_ORDER_STATUSES])})`.mapWith(
    Number,
  );
}

/**
 * One read of what the live stream shows: sales, goal, backers and status, and whether an admin hid
 * the event (not shown: it decides who may join). Null: no such event.
 */
export async function readEventProgress(
  db: DbOrTx,
  eventId: number,
): Promise<(ProgressMessage & { hidden: boolean }) | null> {
  const [event] = await db
    .select({
      currentSales: events.currentSales,
      minimumSales: events.minimumSales,
      currency: events.currency,
      status: events.status,
      hidden: events.hidden,
      backerCount: backerCountOfEvent(),
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return null;
  return {
    // In the event's currency's decimals, as the event's answer gives them (decision 230).
    currentSales: minorToDecimal(event.currentSales, asCurrency(event.currency)),
    minimumSales: minorToDecimal(event.minimumSales, asCurrency(event.currency)),
    backerCount: event.backerCount,
    status: event.status,
    hidden: event.hidden,
  };
}
