import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { menuItems, type orderRefunds, pendingOrderItems, pendingOrders } from '../db/schema';
import { loadCorrections } from './corrections-dto';

export interface EventOrderLine {
  menuItemId: number;
  name: string;
  quantity: number;
  unitCents: number;
  baseCents: number;
}

export type EventOrder = typeof pendingOrders.$inferSelect & {
  lines: EventOrderLine[];
  /** The truck's refunds of the order, oldest first. */
  corrections: Array<typeof orderRefunds.$inferSelect>;
};

/** An event's orders in the given statuses with their lines, oldest first, for the truck and the organizer. */
export async function listEventOrders(
  db: DbOrTx,
  eventId: number,
  statuses: readonly OrderStatus[],
): Promise<EventOrder[]> {
  const orders = await db
    .select()
    .from(pendingOrders)
    .where(and(eq(pendingOrders.eventId, eventId), inArray(pendingOrders.status, [...statuses])))
    .orderBy(asc(pendingOrders.createdAt), asc(pendingOrders.id));
  if (orders.length === 0) return [];
  const lines = await db
    .select({
      orderId: pendingOrderItems.pendingOrderId,
      menuItemId: pendingOrderItems.menuItemId,
      name: menuItems.name,
      quantity: pendingOrderItems.quantity,
      unitCents: pendingOrderItems.priceAtTime,
      baseCents: pendingOrderItems.basePriceAtTime,
    })
    .from(pendingOrderItems)
    .innerJoin(menuItems, eq(menuItems.id, pendingOrderItems.menuItemId))
    .where(
      inArray(
        pendingOrderItems.pendingOrderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(pendingOrderItems.id));
  const byOrder = new Map<number, EventOrderLine[]>();
  for (const { orderId, ...line } of lines) {
    const list = byOrder.get(orderId) ?? [];
    list.push(line);
    byOrder.set(orderId, list);
  }
  const corrections = await loadCorrections(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((order) => ({
    ...order,
    lines: byOrder.get(order.id) ?? [],
    corrections: corrections.get(order.id) ?? [],
  }));
}
