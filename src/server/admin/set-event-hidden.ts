import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { notFound } from '../http/errors';

/**
 * An admin takes an event down (or puts it back). Hiding changes no status and touches no money: the
 * event only disappears from the public (docs/decisions/033-hidden-events.md).
 */
export async function setEventHidden(db: Db, eventId: number, hidden: boolean, now: Date) {
  const [event] = await db
    .update(events)
    .set({ hidden, updatedAt: now })
    .where(eq(events.id, eventId))
    .returning();
  if (!event) throw notFound('Event not found');
  return event;
}
