import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EventStatus } from '../../core/event-status';
import type { DbOrTx } from '../db/client';
import { events, users } from '../db/schema';
import { ISO_MICROSECONDS, type PagePosition } from '../http/page-cursor';

const organizers = alias(users, 'organizers');

export interface AdminEventFilters {
  /** Words in the title, the place, the truck's name or the organizer's username. */
  q?: string;
  status?: EventStatus;
  hidden?: 'true' | 'false';
}

/**
 * One page of every event for the admins, newest first, keyset on (created_at, id) after `after`
 * (a deep page costs what the first does), `pageSize + 1` rows so the caller knows whether another
 * follows; and how many match, counted up to `countCap + 1` (beyond it the count would read the
 * whole table on every page).
 */
export async function adminEventsPage(
  db: DbOrTx,
  filters: AdminEventFilters,
  after: PagePosition | null,
  { pageSize, countCap }: { pageSize: number; countCap: number },
) {
  const { q, status, hidden } = filters;
  const conditions: SQL[] = [];
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(events.title, like),
        ilike(events.location, like),
        ilike(users.businessName, like),
        ilike(organizers.username, like),
      )!,
    );
  }
  if (status) conditions.push(eq(events.status, status));
  if (hidden) conditions.push(eq(events.hidden, hidden === 'true'));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const position = after
    ? sql`(${events.createdAt}, ${events.id}) < (${after.at}::timestamptz, ${after.id})`
    : undefined;
  const rows = await db
    .select({
      event: events,
      truckName: users.businessName,
      truckUsername: users.username,
      organizerName: organizers.username,
      createdAtKey: sql<string>`to_char(${events.createdAt} at time zone 'UTC', ${ISO_MICROSECONDS})`,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .innerJoin(organizers, eq(organizers.id, events.organizerId))
    .where(and(where, position))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(pageSize + 1);
  // Every event has its truck and its organizer (both columns are not null, with foreign keys), so the
  // joins filter nothing unless the search reads their names: without one, the count reads the events
  // alone (at the cap, 10,001 of them, where the joins cost two lookups each).
  const counted = q
    ? db
        .select({ one: sql`1` })
        .from(events)
        .innerJoin(users, eq(users.id, events.foodTruckId))
        .innerJoin(organizers, eq(organizers.id, events.organizerId))
        .where(where)
        .$dynamic()
    : db
        .select({ one: sql`1` })
        .from(events)
        .where(where)
        .$dynamic();
  const matching = counted
    // In the list's own order, so the count reads the newest events through `events_created_idx` and
    // stops at the cap, where an unordered count would scan the table
    // (docs/decisions/178-a-hundred-seasons-measured-again.md).
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(countCap + 1)
    .as('matching');
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(matching);
  return { rows, total: count?.total ?? 0 };
}
