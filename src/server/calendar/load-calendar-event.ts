import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { events, users } from '../db/schema';
import type { CalendarEventInput } from './build-calendar-file';
import { wasAcceptedByTruck } from '../../core/event-status';

type EventRow = typeof events.$inferSelect;

/** What a calendar file says about an event: its page, its truck, its times in its zone. */
export function toCalendarEvent(
  event: EventRow,
  truckName: string | null,
  baseUrl: string,
  details?: string[],
): CalendarEventInput {
  return {
    id: event.id,
    title: event.title,
    location: event.location,
    timeZone: event.timeZone,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    status: event.status,
    truckName,
    url: `${baseUrl}/events/public/${event.id}`,
    sequence: event.scheduleVersion,
    ...(details ? { details } : {}),
  };
}

/** An event that has been public (not a request still waiting for, or refused by, its truck). */
export async function loadCalendarEvent(db: DbOrTx, eventId: number, baseUrl: string) {
  const [row] = await db
    .select({ event: events, truckName: users.businessName, truckUsername: users.username })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(eq(events.id, eventId));
  if (!row || !wasAcceptedByTruck(row.event.status)) return null;
  return toCalendarEvent(row.event, row.truckName ?? row.truckUsername, baseUrl);
}
