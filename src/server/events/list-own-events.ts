import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { EventDto } from '../../contract/events';
import type { DbOrTx } from '../db/client';
import { cursorKey, pastPosition, readKeysetPage, type PageRequest } from '../db/keyset-page';
import { events } from '../db/schema';
import { toEventDto } from './event-dto';
import { selectEventsWithTruckName, truckOfEventRow } from './event-queries';

export interface OwnEventsPage {
  events: EventDto[];
  nextCursor: string | null;
}

/**
 * The organizer's events, latest start first, a page at a time: keyset on `(starts_at, id)` through
 * `events_organizer_starts_idx`, so a page costs the same however many events the organizer has
 * (docs/decisions/177-own-lists-paged-by-cursor.md). A bad cursor is a 400.
 */
export async function listOrganizerEvents(
  db: DbOrTx,
  organizerId: number,
  page: PageRequest,
): Promise<OwnEventsPage> {
  const { rows, nextCursor } = await readKeysetPage(
    page,
    (after, take) =>
      selectEventsWithTruckName(db, { key: cursorKey(events.startsAt) })
        .where(
          and(
            eq(events.organizerId, organizerId),
            after ? pastPosition(events.startsAt, events.id, after, '<') : undefined,
          ),
        )
        .orderBy(desc(events.startsAt), desc(events.id))
        .limit(take),
    (last) => ({ at: last.key, id: last.event.id }),
  );
  return { events: rows.map((r) => toEventDto(r.event, truckOfEventRow(r))), nextCursor };
}

/**
 * Requests waiting for the truck's answer, the soonest to lapse first, a page at a time: keyset on
 * `(approval_expiry_date, id)` through `events_truck_pending_idx`.
 */
export async function listPendingRequests(
  db: DbOrTx,
  truckId: number,
  now: Date,
  page: PageRequest,
): Promise<OwnEventsPage> {
  const { rows, nextCursor } = await readKeysetPage(
    page,
    (after, take) =>
      db
        .select({ event: events, key: cursorKey(events.approvalExpiryDate) })
        .from(events)
        .where(
          and(
            eq(events.foodTruckId, truckId),
            eq(events.status, 'pending_approval'),
            gt(events.approvalExpiryDate, now),
            after ? pastPosition(events.approvalExpiryDate, events.id, after, '>') : undefined,
          ),
        )
        .orderBy(asc(events.approvalExpiryDate), asc(events.id))
        .limit(take),
    (last) => ({ at: last.key, id: last.event.id }),
  );
  return { events: rows.map((r) => toEventDto(r.event)), nextCursor };
}
