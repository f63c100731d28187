import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { orderPickups } from '../db/schema';

/** The pickup slot of each of these orders that has one (decision 226). */
export async function loadPickupSlotsOf(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderPickups.orderId, slotAt: orderPickups.slotAt })
    .from(orderPickups)
    .where(inArray(orderPickups.orderId, [...orderIds]));
  return new Map(rows.filter((r) => r.slotAt).map((r) => [r.orderId, r.slotAt!]));
}
