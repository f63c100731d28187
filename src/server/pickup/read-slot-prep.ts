import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import { z } from '../../core/schemas/zod-messages';
import { instantSchema } from '../../contract/common';
import type { DbOrTx } from '../db/client';
import { menuItems, orderPickups, pendingOrderItems, pendingOrders } from '../db/schema';

/** GET /api/events/{id}/pickup-prep: what to have ready for each slot (decision 226). */
export const slotPrepSchema = z
  .object({
    slots: z.array(
      z.object({
        startsAt: instantSchema,
        /** Held or charged orders in the slot, not being refunded. */
        orders: z.number().int(),
        items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
      }),
    ),
  })
  .meta({ id: 'PickupSlotPrep' });

/**
 * The prep list per pickup slot, for the truck (decision 226): each slot's dishes, counted over the
 * orders held or charged in it and not owed back (as the event's prep list counts them), in time order.
 * Slots without such an order are left out.
 */
export async function readSlotPrep(db: DbOrTx, eventId: number): Promise<z.infer<typeof slotPrepSchema>> {
  const counted = and(
    eq(orderPickups.eventId, eventId),
    isNotNull(orderPickups.slotAt),
    inArray(pendingOrders.status, [...COUNTED_ORDER_STATUSES]),
    isNull(pendingOrders.refundDueAt),
  );
  const [lines, orders] = await Promise.all([
    db
      .select({
        slotAt: orderPickups.slotAt,
        name: menuItems.name,
        quantity: sql<number>`sum(${pendingOrderItems.quantity})::int`,
      })
      .from(orderPickups)
      .innerJoin(pendingOrders, eq(pendingOrders.id, orderPickups.orderId))
      .innerJoin(pendingOrderItems, eq(pendingOrderItems.pendingOrderId, pendingOrders.id))
      .innerJoin(menuItems, eq(menuItems.id, pendingOrderItems.menuItemId))
      .where(counted)
      .groupBy(orderPickups.slotAt, menuItems.name)
      .orderBy(asc(orderPickups.slotAt), asc(menuItems.name)),
    db
      .select({ slotAt: orderPickups.slotAt, orders: sql<number>`count(*)::int` })
      .from(orderPickups)
      .innerJoin(pendingOrders, eq(pendingOrders.id, orderPickups.orderId))
      .where(counted)
      .groupBy(orderPickups.slotAt)
      .orderBy(asc(orderPickups.slotAt)),
  ]);
  return {
    slots: orders.map((o) => ({
      startsAt: o.slotAt!.toISOString(),
      orders: o.orders,
      items: lines
        .filter((l) => l.slotAt!.getTime() === o.slotAt!.getTime() && l.quantity > 0)
        .map((l) => ({ name: l.name, quantity: l.quantity })),
    })),
  };
}
