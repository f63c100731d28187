import { and, asc, eq, gt, inArray, type SQL, desc } from 'drizzle-orm';
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

/** An organizer's events, latest start first, with their truck. */
export function eventsOfOrganizer(db: DbOrTx, organizerId: number) {
  return eventsWithTruck(db, eq(events.organizerId, organizerId), [desc(events.startsAt), desc(events.id)]);
}

/** The requests waiting for a truck's answer, the first to lapse first. */
export function pendingRequestsOfTruck(db: DbOrTx, truckId: number, now: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.foodTruckId, truckId),
        eq(events.status, 'pending_approval'),
        gt(events.approvalExpiryDate, now),
      ),
    )
    .orderBy(asc(events.approvalExpiryDate));
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
