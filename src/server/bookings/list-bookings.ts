import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { linesOf } from '../orders/list-event-orders';
import { parseDecimalToCents } from '../../core/money';
import { events, menuItems, orderRefunds, pendingOrderItems, pendingOrders } from '../db/schema';

const ENDED_EARLY = new Set<string>(['cancelled', 'payment_failed']);

export interface PrepLine {
  menuItemId: number;
  name: string;
  quantity: number;
}

/** A diner's note to the truck, with who to hand it to. */
export interface PrepNote {
  orderId: number;
  pickupCode: string | null;
  customerName: string;
  note: string;
}

export interface Booking {
  event: typeof events.$inferSelect;
  orderCount: number;
  collectedCount: number;
  /** Cents the truck refunded on the event's orders (its corrections, docs/decisions/135). */
  correctedCents: number;
  prepList: PrepLine[];
  /** The notes of the orders counted, oldest first: what to cook differently. */
  prepNotes: PrepNote[];
  upcoming: boolean;
}

/**
 * Every event the truck accepted (approved at some point, whatever became of it), upcoming first by
 * start, then past, called-off and failed ones, latest first; each with its authorized and charged orders counted and its
 * prep list: how many of each menu item those orders hold.
 */
export async function listBookings(db: DbOrTx, truckId: number, now: Date): Promise<Booking[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(eq(events.foodTruckId, truckId), isNotNull(events.approvalDate), ne(events.status, 'rejected')),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  if (rows.length === 0) return [];
  const ids = rows.map((e) => e.id);
  const counted = [...COUNTED_ORDER_STATUSES];

  const counts = await db
    .select({
      eventId: pendingOrders.eventId,
      orders: sql<number>`count(*)::int`,
      collected: sql<number>`count(*) filter (where ${pendingOrders.fulfilment} = 'collected')::int`,
    })
    .from(pendingOrders)
    .where(and(inArray(pendingOrders.eventId, ids), inArray(pendingOrders.status, counted)))
    .groupBy(pendingOrders.eventId);

  const prep = await db
    .select({
      eventId: pendingOrders.eventId,
      menuItemId: pendingOrderItems.menuItemId,
      name: menuItems.name,
      quantity: sql<number>`sum(${pendingOrderItems.quantity})::int`,
    })
    .from(pendingOrderItems)
    .innerJoin(pendingOrders, eq(pendingOrders.id, pendingOrderItems.pendingOrderId))
    .innerJoin(menuItems, eq(menuItems.id, pendingOrderItems.menuItemId))
    .where(
      linesOf(
        db
          .select({ id: pendingOrders.id })
          .from(pendingOrders)
          .where(and(inArray(pendingOrders.eventId, ids), inArray(pendingOrders.status, counted))),
      ),
    )
    .groupBy(pendingOrders.eventId, pendingOrderItems.menuItemId, menuItems.name)
    .orderBy(asc(menuItems.name));

  const notes = await db
    .select({
      eventId: pendingOrders.eventId,
      orderId: pendingOrders.id,
      pickupCode: pendingOrders.pickupCode,
      customerName: pendingOrders.customerName,
      note: sql<string>`${pendingOrders.note}`,
    })
    .from(pendingOrders)
    .where(
      and(
        inArray(pendingOrders.eventId, ids),
        inArray(pendingOrders.status, counted),
        isNotNull(pendingOrders.note),
      ),
    )
    .orderBy(asc(pendingOrders.id));

  const corrections = await db
    .select({ eventId: orderRefunds.eventId, total: sql<string>`sum(${orderRefunds.amount})::text` })
    .from(orderRefunds)
    .where(inArray(orderRefunds.eventId, ids))
    .groupBy(orderRefunds.eventId);

  const bookings = rows.map((event) => {
    const count = counts.find((c) => c.eventId === event.id);
    const corrected = corrections.find((c) => c.eventId === event.id);
    return {
      event,
      orderCount: count?.orders ?? 0,
      collectedCount: count?.collected ?? 0,
      correctedCents: corrected ? parseDecimalToCents(corrected.total) : 0,
      prepList: prep
        .filter((p) => p.eventId === event.id)
        .map((p) => ({ menuItemId: p.menuItemId, name: p.name, quantity: p.quantity })),
      // Counted orders hold or charged a card, so their pickup code is the one the diner was given.
      prepNotes: notes.filter((n) => n.eventId === event.id).map(({ eventId: _, ...note }) => note),
    };
  });
  // An event called off or failed is behind the truck even if its date is still ahead (decision 157).
  const ahead = (b: Omit<Booking, 'upcoming'>) => b.event.endsAt > now && !ENDED_EARLY.has(b.event.status);
  const upcoming = bookings.filter(ahead).map((b) => ({ ...b, upcoming: true }));
  const past = bookings
    .filter((b) => !ahead(b))
    .map((b) => ({ ...b, upcoming: false }))
    .sort((a, b) => b.event.startsAt.getTime() - a.event.startsAt.getTime() || b.event.id - a.event.id);
  return [...upcoming, ...past];
}
