import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { stockRefusal, unitsLeft } from '../../core/stock';
import type { EventStockDto } from '../../contract/menu';
import type { Db, Tx } from '../db/client';
import { eventItemStock, menuItems } from '../db/schema';
import { DomainError } from '../domain-error';

/**
 * Stock per event (docs/decisions/196-stock-per-event.md). The database takes and gives back units
 * (triggers of migration stock-per-event); this file reads what is left and turns the trigger's refusal
 * into the diner's message.
 */

/** What is left of each of the event's truck's limited items (active ones). */
export async function readEventStock(
  db: Db,
  event: { id: number; foodTruckId: number },
): Promise<EventStockDto> {
  const rows = await db
    .select({ menuItemId: menuItems.id, limit: menuItems.stockPerEvent, held: eventItemStock.held })
    .from(menuItems)
    .leftJoin(
      eventItemStock,
      and(eq(eventItemStock.eventId, event.id), eq(eventItemStock.menuItemId, menuItems.id)),
    )
    .where(
      and(
        eq(menuItems.foodTruckId, event.foodTruckId),
        eq(menuItems.isActive, true),
        isNotNull(menuItems.stockPerEvent),
      ),
    )
    .orderBy(menuItems.id);
  return {
    items: rows.map((r) => ({
      menuItemId: r.menuItemId,
      limit: r.limit!,
      left: unitsLeft(r.limit!, r.held ?? 0),
    })),
  };
}

/**
 * An item that starts being limited counts the units its live orders already hold, event by event
 * (while it had no limit, nothing counted them). Run in the transaction that sets the limit.
 */
export async function recountItemStock(tx: Tx, menuItemId: number): Promise<void> {
  await tx.update(eventItemStock).set({ held: 0 }).where(eq(eventItemStock.menuItemId, menuItemId));
  await tx.execute(sql`
    insert into event_item_stock (event_id, menu_item_id, held)
    select o.event_id, i.menu_item_id, sum(i.quantity)
      from pending_order_items i
      join pending_orders o on o.id = i.pending_order_id
     where i.menu_item_id = ${menuItemId} and order_holds_stock(o.status, o.refund_due_at)
     group by o.event_id, i.menu_item_id
    on conflict (event_id, menu_item_id) do update set held = excluded.held`);
}

/** The trigger's refusal (SQLSTATE FT001, `stock_exhausted:<item>:<left>`), or null for any other error. */
export function stockExhaustion(error: unknown): { menuItemId: number; left: number } | null {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } } | null;
  const source = e?.code === 'FT001' ? e : e?.cause?.code === 'FT001' ? e.cause : null;
  const match = source?.message?.match(/stock_exhausted:(\d+):(\d+)/);
  return match ? { menuItemId: Number(match[1]), left: Number(match[2]) } : null;
}

/** The refusal a diner reads when the cart wants more of an item than is left. */
export async function stockConflict(
  db: Db,
  refusal: { menuItemId: number; left: number },
): Promise<DomainError> {
  const [item] = await db
    .select({ name: menuItems.name })
    .from(menuItems)
    .where(eq(menuItems.id, refusal.menuItemId));
  return new DomainError('stock_exhausted', stockRefusal(item?.name ?? 'This item', refusal.left));
}
