import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { loadUser, type SessionUser } from '../auth/sessions';
import { events } from '../db/schema';
import { notFound } from '../http/errors';

type EventRow = typeof events.$inferSelect;

/** Those who still see an event an admin has hidden: its organizer, its truck and admins. */
export function canSeeHiddenEvent(
  user: SessionUser | null,
  event: Pick<EventRow, 'organizerId' | 'foodTruckId'>,
): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.id === event.organizerId || user.id === event.foodTruckId;
}

/**
 * The event, or the same 404 as a missing one when it is hidden and the caller may not see it, so
 * a taken-down event does not even reveal that it exists (docs/decisions/033-hidden-events.md).
 */
export async function findVisibleEvent(request: FastifyRequest, eventId: number): Promise<EventRow> {
  const [event] = await request.server.ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound('Event not found');
  if (event.hidden && !canSeeHiddenEvent(await loadUser(request), event)) throw notFound('Event not found');
  return event;
}
