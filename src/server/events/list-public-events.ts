import { and, asc, eq, gt, gte, inArray, lte, or } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { publicEventsPageSchema, type PublicEventsPage } from '../../contract/events';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { badRequest } from '../http/errors';
import { toEventDto } from './event-dto';

interface Position {
  startsAt: Date;
  id: number;
}

/** The cursor is opaque to callers: where the last page ended, in base64url. */
function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.startsAt.toISOString(), position.id])).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  try {
    const [startsAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    const date = new Date(String(startsAt));
    if (
      typeof startsAt === 'string' &&
      Number.isSafeInteger(id) &&
      (id as number) > 0 &&
      !isNaN(date.getTime())
    ) {
      return { startsAt: date, id: id as number };
    }
  } catch {
    // falls through to the same answer as any other nonsense
  }
  throw badRequest('That page link is not valid; start again from the first page', {
    cursor: 'That page link is not valid',
  });
}

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
  const after = query.cursor ? decodeCursor(query.cursor) : null;
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
          ? or(
              gt(events.startsAt, after.startsAt),
              and(eq(events.startsAt, after.startsAt), gt(events.id, after.id)),
            )
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
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.event) : null,
  });
  const expiresAt = Math.min(...rows.map((r) => r.event.endsAt.getTime()), Number.POSITIVE_INFINITY);
  return { page, expiresAt };
}
