import { and, asc, eq, gt, inArray, type SQL, desc } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { eventChangeRequests, events, users } from '../db/schema';

/** The events feature's reads that routes ask for: routes import no table (docs/decisions/192). */

type EventRow = typeof events.$inferSelect;

/** An event by its id, or undefined. */
export async function findEvent(db: DbOrTx, eventId: number): Promise<EventRow | undefined> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  return event;
}

/**
 * Events with their truck's row, in the given order: the one place the event+truck join is written
 * for the lists and the share page.
 */
export async function eventsWithTruck(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL[] = [],
): Promise<Array<{ event: EventRow; truck: typeof users.$inferSelect }>> {
  return db
    .select({ event: events, truck: users })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(where)
    .orderBy(...order);
}

/** One event with its truck, or undefined. */
export async function findEventWithTruck(db: DbOrTx, eventId: number) {
  const [row] = await eventsWithTruck(db, eq(events.id, eventId));
  return row;
}

/** The truck's columns an event list shows: its names (the username when it has no business name) and cuisine. */
const truckNameColumns = {
  truckName: users.businessName,
  truckUsername: users.username,
  cuisine: users.cuisine,
};

/**
 * Events with their truck's names and cuisine, for the lists and the organizer's desk to filter, order and
 * page; `extra` adds columns (a cursor's key).
 */
export function selectEventsWithTruckName<Extra extends SelectedFields = Record<never, never>>(
  db: DbOrTx,
  extra?: Extra,
) {
  return db
    .select({ event: events, ...truckNameColumns, ...(extra as Extra) })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId));
}

/** What an event's DTO says of its truck, from a row of `selectEventsWithTruckName`. */
export function truckOfEventRow(row: {
  truckName: string | null;
  truckUsername: string;
  cuisine: string | null;
}) {
  return { foodTruckName: row.truckName ?? row.truckUsername, cuisine: row.cuisine };
}

/** An event's latest change request, answered or not. */
export async function latestChangeRequest(db: DbOrTx, eventId: number) {
  const [change] = await db
    .select()
    .from(eventChangeRequests)
    .where(eq(eventChangeRequests.eventId, eventId))
    .orderBy(desc(eventChangeRequests.id))
    .limit(1);
  return change;
}

/** The changes a truck still has to answer, on events it still drives to, the first to lapse first. */
export function pendingChangesOfTruck(db: DbOrTx, truckId: number, now: Date) {
  return db
    .select({ change: eventChangeRequests, event: events })
    .from(eventChangeRequests)
    .innerJoin(events, eq(events.id, eventChangeRequests.eventId))
    .where(
      and(
        eq(events.foodTruckId, truckId),
        eq(eventChangeRequests.status, 'pending'),
        gt(eventChangeRequests.answerBy, now),
        inArray(events.status, ['approved', 'processing', 'confirmed']),
      ),
    )
    .orderBy(asc(eventChangeRequests.answerBy));
}
