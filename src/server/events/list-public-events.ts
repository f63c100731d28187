import { and, asc, eq, gt, gte, inArray, lte, or } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { publicEventsPageSchema, type PublicEventsPage } from '../../contract/events';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/page-cursor';
import { toEventDto } from './event-dto';

/**
 * One page of the public list: live, not hidden, not yet ended, soonest first (keyset on start and id,
 * so a page costs the same however deep). `expiresAt` is when the first of the events read ends, when
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
  const rows = await db
    .select({
      event: events,
      truckName: users.businessName,
      truckUsername: users.username,
      cuisine: users.cuisine,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(
      and(
        inArray(events.status, [...LIVE_EVENT_STATUSES]),
        eq(events.hidden, false),
        gt(events.endsAt, now),
        query.from ? gte(events.date, query.from) : undefined,
        query.to ? lte(events.date, query.to) : undefined,
        query.organizer === undefined ? undefined : eq(events.organizerId, query.organizer),
        query.event === undefined ? undefined : eq(events.id, query.event),
        after
          ? or(gt(events.startsAt, after.at), and(eq(events.startsAt, after.at), gt(events.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const page = publicEventsPageSchema.parse({
    events: shown.map((r) =>
      toEventDto(r.event, {
        foodTruckName: r.truckName ?? r.truckUsername,
        cuisine: r.cuisine,
        audience: 'public',
      }),
    ),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ at: last.event.startsAt.toISOString(), id: last.event.id })
        : null,
  });
  const expiresAt = Math.min(...rows.map((r) => r.event.endsAt.getTime()), Number.POSITIVE_INFINITY);
  return { page, expiresAt };
}
