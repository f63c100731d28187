import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { EventDto } from '../../contract/events';
import type { DbOrTx } from '../db/client';
import { events, users } from '../db/schema';
import { decodeCursor, encodeCursor, ISO_MICROSECONDS } from '../http/page-cursor';
import { toEventDto } from './event-dto';

export interface OwnEventsPage {
  events: EventDto[];
  nextCursor: string | null;
}

/** An instant column as the cursor keeps it (to the microsecond). */
const keyOf = (column: typeof events.startsAt | typeof events.approvalExpiryDate) =>
  sql<string>`to_char(${column} at time zone 'UTC', ${ISO_MICROSECONDS})`;

/**
 * The organizer's events, latest start first, a page at a time: keyset on `(starts_at, id)` through
 * `events_organizer_starts_idx`, so a page costs the same however many events the organizer has
 * (docs/decisions/177-own-lists-paged-by-cursor.md). A bad cursor is a 400.
 */
export async function listOrganizerEvents(
  db: DbOrTx,
  organizerId: number,
  page: { cursor?: string; limit: number },
): Promise<OwnEventsPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await db
    .select({
      event: events,
      truckName: users.businessName,
      truckUsername: users.username,
      cuisine: users.cuisine,
      key: keyOf(events.startsAt),
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(
      and(
        eq(events.organizerId, organizerId),
        after ? sql`(${events.startsAt}, ${events.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    events: shown.map((r) =>
      toEventDto(r.event, { foodTruckName: r.truckName ?? r.truckUsername, cuisine: r.cuisine }),
    ),
    nextCursor: rows.length > page.limit && last ? encodeCursor({ at: last.key, id: last.event.id }) : null,
  };
}

/**
 * Requests waiting for the truck's answer, the soonest to lapse first, a page at a time: keyset on
 * `(approval_expiry_date, id)` through `events_truck_pending_idx`.
 */
export async function listPendingRequests(
  db: DbOrTx,
  truckId: number,
  now: Date,
  page: { cursor?: string; limit: number },
): Promise<OwnEventsPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await db
    .select({ event: events, key: keyOf(events.approvalExpiryDate) })
    .from(events)
    .where(
      and(
        eq(events.foodTruckId, truckId),
        eq(events.status, 'pending_approval'),
        gt(events.approvalExpiryDate, now),
        after
          ? sql`(${events.approvalExpiryDate}, ${events.id}) > (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(events.approvalExpiryDate), asc(events.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    events: shown.map((r) => toEventDto(r.event)),
    nextCursor: rows.length > page.limit && last ? encodeCursor({ at: last.key, id: last.event.id }) : null,
  };
}
