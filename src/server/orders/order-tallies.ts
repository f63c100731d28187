import { and, asc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import {
  eventLineTallies,
  eventOrderCounts,
  menuItems,
  orderRefunds,
  pendingOrderItems,
  pendingOrders,
} from '../db/schema';

/**
 * An event's order totals as the database keeps them (docs/decisions/200-order-totals-kept-as-counters.md):
 * triggers of migration order-tallies move every held or charged order in and out of these counters in
 * the writer's own transaction, so reading them costs a few rows whatever the event's size. This file
 * only reads them.
 */

export interface EventOrderCounts {
  /** Held or charged and not owed back: what the event's totals count. */
  counted: number;
  /** Held or charged, owed back. */
  owedBack: number;
  /** Held or charged (owed back or not) and handed over. */
  collected: number;
}

const NO_ORDERS: EventOrderCounts = { counted: 0, owedBack: 0, collected: 0 };

/** The counts of each event, by id (events with no counted order answer zeros). */
export async function readOrderCounts(
  db: DbOrTx,
  eventIds: readonly number[],
): Promise<Map<number, EventOrderCounts>> {
  const found = new Map<number, EventOrderCounts>(eventIds.map((id) => [id, { ...NO_ORDERS }]));
  if (eventIds.length === 0) return found;
  const rows = await db
    .select()
    .from(eventOrderCounts)
    .where(inArray(eventOrderCounts.eventId, [...eventIds]));
  for (const row of rows) {
    const counts = found.get(row.eventId)!;
    if (row.kind === 'counted') counts.counted = row.orders;
    else if (row.kind === 'owed_back') counts.owedBack = row.orders;
    else counts.collected = row.orders;
  }
  return found;
}

/** Quantities of the event's counted orders (not owed back) per pair of prices: what its totals split. */
export async function readCountedPrices(db: DbOrTx, eventId: number) {
  return db
    .select({
      baseCents: eventLineTallies.basePriceAtTime,
      unitCents: eventLineTallies.priceAtTime,
      quantity: sql<number>`sum(${eventLineTallies.quantity})::int`,
    })
    .from(eventLineTallies)
    .where(and(eq(eventLineTallies.eventId, eventId), eq(eventLineTallies.owedBack, false)))
    .groupBy(eventLineTallies.basePriceAtTime, eventLineTallies.priceAtTime)
    .having(({ quantity }) => gt(quantity, 0));
}

/**
 * Each event's prep list: how many of each menu item its held or charged orders hold, by the item's
 * name, leaving out the food of orders owed back (a call-off's refunds) and of orders the truck refunded
 * in full (decision 214: no food is handed over against them). A partial refund names no dish, so its
 * order's food stays on the list. The counters give the first; the second are the few orders with a
 * correction, found through the corrections' event index.
 */
export async function readPrepQuantities(db: DbOrTx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  const ids = [...eventIds];
  const [counted, refunded] = await Promise.all([
    db
      .select({
        eventId: eventLineTallies.eventId,
        menuItemId: eventLineTallies.menuItemId,
        name: menuItems.name,
        quantity: sql<number>`sum(${eventLineTallies.quantity})::int`,
      })
      .from(eventLineTallies)
      .innerJoin(menuItems, eq(menuItems.id, eventLineTallies.menuItemId))
      .where(and(inArray(eventLineTallies.eventId, ids), eq(eventLineTallies.owedBack, false)))
      .groupBy(eventLineTallies.eventId, eventLineTallies.menuItemId, menuItems.name)
      .having(({ quantity }) => gt(quantity, 0))
      .orderBy(asc(menuItems.name)),
    readRefundedInFullQuantities(db, ids),
  ]);
  const taken = new Map(refunded.map((r) => [`${r.eventId}:${r.menuItemId}`, r.quantity]));
  return counted
    .map((line) => ({
      ...line,
      quantity: line.quantity - (taken.get(`${line.eventId}:${line.menuItemId}`) ?? 0),
    }))
    .filter((line) => line.quantity > 0);
}

/**
 * Quantities of each item in the events' counted orders (held or charged, not owed back) that the
 * truck refunded in full: `isRefundedInFull` (core/fulfilment.ts) for such an order.
 */
function readRefundedInFullQuantities(db: DbOrTx, eventIds: number[]) {
  const corrected = db
    .select({ orderId: orderRefunds.orderId })
    .from(orderRefunds)
    .where(inArray(orderRefunds.eventId, eventIds));
  return db
    .select({
      eventId: pendingOrders.eventId,
      menuItemId: pendingOrderItems.menuItemId,
      quantity: sql<number>`sum(${pendingOrderItems.quantity})::int`,
    })
    .from(pendingOrders)
    .innerJoin(pendingOrderItems, eq(pendingOrderItems.pendingOrderId, pendingOrders.id))
    .where(
      and(
        inArray(pendingOrders.id, corrected),
        inArray(pendingOrders.status, [...COUNTED_ORDER_STATUSES]),
        isNull(pendingOrders.refundDueAt),
        gte(pendingOrders.correctedAmount, pendingOrders.totalAmount),
      ),
    )
    .groupBy(pendingOrders.eventId, pendingOrderItems.menuItemId);
}
