import { and, asc, count, eq, gt, gte, inArray, lte, or } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { publicEventsPageSchema, type PublicEventsPage } from '../../contract/events';
import type { Db } from '../db/client';
import { pageOfRows } from '../db/keyset-page';
import { decodeCursor } from '../http/page-cursor';
import { events } from '../db/schema';
import { toEventDto } from './event-dto';
import { selectEventsWithTruckName, truckOfEventRow } from './event-queries';

/**
 * One page of the public list: live, not hidden, not yet ended, soonest first (keyset on start and id,
 * so a page costs the same however deep), with how many match in all. `expiresAt` is when the first of the events read ends, when
 * the page would change without any write.
 */
export async function listPublicEvents(
  db: Db,
  query: { cursor?: string; limit: number; from?: string; to?: string; organizer?: number; event?: number },
  now: Date,
): Promise<{ page: PublicEventsPage; expiresAt: number }> {
  const position = query.cursor ? decodeCursor(query.cursor) : null;
  // Starts are written from JavaScript Dates: whole milliseconds, so a Date keeps them exactly.
  const after = position ? { at: new Date(position.at), id: position.id } : null;
  const matching = and(
    inArray(events.status, [...LIVE_EVENT_STATUSES]),
    eq(events.hidden, false),
    gt(events.endsAt, now),
    query.from ? gte(events.date, query.from) : undefined,
    query.to ? lte(events.date, query.to) : undefined,
    query.organizer === undefined ? undefined : eq(events.organizerId, query.organizer),
    query.event === undefined ? undefined : eq(events.id, query.event),
  );
  const [read, [counted]] = await Promise.all([
    selectEventsWithTruckName(db)
      .where(
        and(
          matching,
          after
            ? or(gt(events.startsAt, after.at), and(eq(events.startsAt, after.at), gt(events.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(query.limit + 1),
    // The headline counts every event that matches, not the page (issue 42).
    db.select({ total: count() }).from(events).where(matching),
  ]);
  const { rows, nextCursor } = pageOfRows(read, query.limit, (last) => ({
    at: last.event.startsAt.toISOString(),
    id: last.event.id,
  }));
  const page = publicEventsPageSchema.parse({
    events: rows.map((r) => toEventDto(r.event, { ...truckOfEventRow(r), audience: 'public' })),
    nextCursor,
    total: counted?.total ?? 0,
  });
  const expiresAt = Math.min(...read.map((r) => r.event.endsAt.getTime()), Number.POSITIVE_INFINITY);
  return { page, expiresAt };
}
