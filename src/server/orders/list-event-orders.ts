import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, like, lt, ne, or } from 'drizzle-orm';
import { splitUnitPrice } from '../../core/pricing';
import type { OrderStatus } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { type orderRefunds, pendingOrders } from '../db/schema';
import { loadCorrections } from './corrections-dto';
import { loadOrderLines } from './order-queries';
import { readCountedPrices, readOrderCounts } from './order-tallies';

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

/**
 * A slice of an event's orders by id (keyset, through `pending_orders_event_id_idx`): after an id
 * oldest first, or before one newest first; `paidFor` leaves out checkouts no money was ever involved in
 * (cancelled before any authorization).
 */
export interface OrderSlice {
  limit: number;
  after?: number;
  before?: number;
  newestFirst?: boolean;
  paidFor?: boolean;
  /** By pickup code instead of id (the truck's event day, through `pending_orders_pickup_code_idx`). */
  byPickupCode?: boolean;
  /** Only orders whose pickup code holds `code` or whose name holds `text` (case aside). */
  search?: { code: string; text: string };
}

/**
 * An event's orders in the given statuses with their lines, oldest first (by creation), for the truck
 * and the organizer; with a `slice`, only that slice, by id.
 */
export async function listEventOrders(
  db: DbOrTx,
  eventId: number,
  statuses: readonly OrderStatus[],
  slice?: OrderSlice,
): Promise<EventOrder[]> {
  const orders = await db
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        inArray(pendingOrders.status, [...statuses]),
        slice?.paidFor
          ? or(ne(pendingOrders.status, 'cancelled'), isNotNull(pendingOrders.authorizedAt))
          : undefined,
        slice?.after !== undefined ? gt(pendingOrders.id, slice.after) : undefined,
        slice?.before !== undefined ? lt(pendingOrders.id, slice.before) : undefined,
        slice?.search ? searchCondition(slice.search) : undefined,
      ),
    )
    .orderBy(
      ...(slice?.byPickupCode
        ? [asc(pendingOrders.pickupCode), asc(pendingOrders.id)]
        : slice
          ? [slice.newestFirst ? desc(pendingOrders.id) : asc(pendingOrders.id)]
          : [asc(pendingOrders.createdAt), asc(pendingOrders.id)]),
    )
    .limit(slice?.limit ?? 2_147_483_647);
  if (orders.length === 0) return [];
  const lines = await loadOrderLines(
    db,
    orders.map((o) => o.id),
  );
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

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: { code: string; text: string }) {
  return or(
    search.code ? like(pendingOrders.pickupCode, likeText(search.code)) : undefined,
    search.text ? ilike(pendingOrders.customerName, likeText(search.text)) : undefined,
  );
}

/**
 * Food sales, markup raised and order count over every order of the event that counts (held or charged,
 * not owed back), from the counters the database keeps (`order-tallies.ts`): one row per distinct pair
 * of prices, each split by the one rule diners were shown (`splitUnitPrice`), so the sums are those of
 * `computeEventTotals` over the orders, at the cost of a few rows whatever the event's size.
 */
export async function sumEventTotals(db: DbOrTx, eventId: number, markupBasisPoints: number) {
  const [prices, counts] = await Promise.all([
    readCountedPrices(db, eventId),
    readOrderCounts(db, [eventId]),
  ]);
  let foodSalesCents = 0;
  let markupRaisedCents = 0;
  for (const p of prices) {
    const split = splitUnitPrice(p.baseCents, markupBasisPoints, p.unitCents);
    foodSalesCents += split.menuCents * p.quantity;
    markupRaisedCents += split.markupCents * p.quantity;
  }
  return { foodSalesCents, markupRaisedCents, orderCount: counts.get(eventId)!.counted };
}
