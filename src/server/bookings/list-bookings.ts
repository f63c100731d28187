import { and, asc, desc, eq, gt, inArray, isNotNull, ne, not, notInArray, sql, type SQL } from 'drizzle-orm';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { DbOrTx } from '../db/client';
import { cursorKey, invalidPageCursor, pageOfRows, pastPosition, type PageRequest } from '../db/keyset-page';
import { decodeCursor } from '../http/page-cursor';
import { readOrderCounts, readPrepQuantities } from '../orders/order-tallies';
import { parseDecimalToCents } from '../../core/money';
import { events, orderRefunds, pendingOrders } from '../db/schema';
import { stillHandedOver } from './event-day-totals';

const ENDED_EARLY = ['cancelled', 'payment_failed'] as const;

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
  /** The notes of the orders counted and not refunded in full, oldest first: what to cook differently. */
  prepNotes: PrepNote[];
  upcoming: boolean;
}

/** The longest an event lasts (12 hours past midnight at most; a day, with room for a clock change). */
const LONGEST_EVENT_MS = 25 * 60 * 60 * 1000;

export interface BookingsPage {
  bookings: Booking[];
  nextCursor: string | null;
}

const startsAtKey = cursorKey(events.startsAt);

/**
 * The events the truck accepted (approved at some point, whatever became of it), a page at a time:
 * upcoming first by start, then past, called-off and failed ones, latest first; each with its
 * authorized and charged orders counted and its prep list: how many of each menu item those orders
 * hold. Keyset on `(starts_at, id)` within each part through `events_truck_starts_idx`; the cursor says
 * which part it is in (docs/decisions/177-own-lists-paged-by-cursor.md), so a page costs what its own
 * events cost, however long the truck's history.
 */
export async function listBookings(
  db: DbOrTx,
  truckId: number,
  now: Date,
  page: PageRequest,
): Promise<BookingsPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  if (after && after.part !== 'upcoming' && after.part !== 'past') {
    throw invalidPageCursor();
  }
  const accepted = and(
    eq(events.foodTruckId, truckId),
    isNotNull(events.approvalDate),
    ne(events.status, 'rejected'),
  );
  // An event called off or failed is behind the truck even if its date is still ahead (decision 157).
  const ahead = and(gt(events.endsAt, now), notInArray(events.status, [...ENDED_EARLY]));
  // Both parts read the truck's accepted events with their cursor key; each its own way round.
  const readPart = (where: SQL | undefined, order: SQL[], take: number) =>
    db
      .select({ event: events, key: startsAtKey })
      .from(events)
      .where(and(accepted, where))
      .orderBy(...order)
      .limit(take);
  const found: Array<{ event: EventRow; key: string; upcoming: boolean }> = [];
  if (!after || after.part === 'upcoming') {
    const upcoming = await readPart(
      and(
        ahead,
        // Implied by the end being ahead; it lets the index start at yesterday, not at the first booking.
        gt(events.startsAt, new Date(now.getTime() - LONGEST_EVENT_MS)),
        after ? pastPosition(events.startsAt, events.id, after, '>') : undefined,
      ),
      [asc(events.startsAt), asc(events.id)],
      page.limit + 1,
    );
    found.push(...upcoming.map((r) => ({ ...r, upcoming: true })));
  }
  if (found.length <= page.limit) {
    const past = await readPart(
      and(
        not(ahead!),
        after?.part === 'past' ? pastPosition(events.startsAt, events.id, after, '<') : undefined,
      ),
      [desc(events.startsAt), desc(events.id)],
      page.limit + 1 - found.length,
    );
    found.push(...past.map((r) => ({ ...r, upcoming: false })));
  }
  const { rows: shown, nextCursor } = pageOfRows(found, page.limit, (last) => ({
    at: last.key,
    id: last.event.id,
    part: last.upcoming ? 'upcoming' : 'past',
  }));
  const bookings = await withOrders(
    db,
    shown.map((r) => r.event),
  );
  return {
    bookings: bookings.map((b, i) => ({ ...b, upcoming: shown[i]!.upcoming })),
    nextCursor,
  };
}

/** Every booking, a page at a time (the CSV export). */
/**
 * Every booking, in the list's order, a page of 100 at a time as the caller takes them: the CSV holds
 * one page in memory however many bookings the truck has.
 */
export async function* allBookings(db: DbOrTx, truckId: number, now: Date): AsyncGenerator<Booking> {
  let cursor: string | undefined;
  do {
    const page = await listBookings(db, truckId, now, { cursor, limit: 100 });
    yield* page.bookings;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

type EventRow = typeof events.$inferSelect;

/** The events' order counts, prep lists and corrections, in the events' order. */
async function withOrders(db: DbOrTx, rows: EventRow[]): Promise<Array<Omit<Booking, 'upcoming'>>> {
  if (rows.length === 0) return [];
  const ids = rows.map((e) => e.id);
  const counted = [...COUNTED_ORDER_STATUSES];

  // Counts and prep lists from the counters the database keeps (order-tallies.ts): a few rows an event.
  const [counts, prep] = await Promise.all([readOrderCounts(db, ids), readPrepQuantities(db, ids)]);

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
        // No food goes out on an order refunded in full, so there is nothing to cook differently.
        stillHandedOver,
      ),
    )
    .orderBy(asc(pendingOrders.id));

  const corrections = await db
    .select({ eventId: orderRefunds.eventId, total: sql<string>`sum(${orderRefunds.amount})::text` })
    .from(orderRefunds)
    .where(inArray(orderRefunds.eventId, ids))
    .groupBy(orderRefunds.eventId);

  return rows.map((event) => {
    const count = counts.get(event.id)!;
    const corrected = corrections.find((c) => c.eventId === event.id);
    return {
      event,
      orderCount: count.counted + count.owedBack,
      collectedCount: count.collected,
      correctedCents: corrected ? parseDecimalToCents(corrected.total) : 0,
      prepList: prep
        .filter((p) => p.eventId === event.id)
        .map((p) => ({ menuItemId: p.menuItemId, name: p.name, quantity: p.quantity })),
      // Counted orders hold or charged a card, so their pickup code is the one the diner was given.
      prepNotes: notes.filter((n) => n.eventId === event.id).map(({ eventId: _, ...note }) => note),
    };
  });
}

/**
 * The event day's orders (authorized or charged, `PICKUP_ORDER_STATUSES`: the statuses the counters
 * count) and how many of them were collected, from the counters.
 */
export async function countEventDayOrders(
  db: DbOrTx,
  eventId: number,
): Promise<{ orders: number; collected: number }> {
  const count = (await readOrderCounts(db, [eventId])).get(eventId)!;
  return { orders: count.counted + count.owedBack, collected: count.collected };
}
