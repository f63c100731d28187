import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { eventLineTallies, eventOrderCounts, menuItems } from '../db/schema';

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
 * Each event's prep list: how many of each menu item its held or charged orders hold (owed back or
 * not, as the truck's bookings always counted them), by the item's name.
 */
export async function readPrepQuantities(db: DbOrTx, eventIds: readonly number[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: eventLineTallies.eventId,
      menuItemId: eventLineTallies.menuItemId,
      name: menuItems.name,
      quantity: sql<number>`sum(${eventLineTallies.quantity})::int`,
    })
    .from(eventLineTallies)
    .innerJoin(menuItems, eq(menuItems.id, eventLineTallies.menuItemId))
    .where(inArray(eventLineTallies.eventId, [...eventIds]))
    .groupBy(eventLineTallies.eventId, eventLineTallies.menuItemId, menuItems.name)
    .having(({ quantity }) => gt(quantity, 0))
    .orderBy(asc(menuItems.name));
}
