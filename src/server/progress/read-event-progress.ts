import { and, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { ProgressMessage } from '../../core/momentum';
import { centsToDecimal } from '../../core/money';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { events, pendingOrders } from '../db/schema';

/** Distinct diners (by e-mail, case-insensitive) whose order is authorized or charged. */
export async function countBackers(db: DbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ count: countDistinct(sql`lower(${pendingOrders.customerEmail})`) })
    .from(pendingOrders)
    .where(
      and(eq(pendingOrders.eventId, eventId), inArray(pendingOrders.status, [...COUNTED_ORDER_STATUSES])),
    );
  return Number(row?.count ?? 0);
}

/** One read of what the live stream shows: sales, goal, backers and status. Null: no such event. */
export async function readEventProgress(db: DbOrTx, eventId: number): Promise<ProgressMessage | null> {
  const [event] = await db
    .select({ currentSales: events.currentSales, minimumSales: events.minimumSales, status: events.status })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return null;
  return {
    currentSales: centsToDecimal(event.currentSales),
    minimumSales: centsToDecimal(event.minimumSales),
    backerCount: await countBackers(db, eventId),
    status: event.status,
  };
}
