import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, pendingOrders } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { recordTransition } from './record-transition';

/**
 * The organizer calls an event off while it is still pending or approved with nothing charged.
 * Held cards are released by the reconciler's release task (the same path as an unfunded start).
 */
export async function cancelEvent(db: Db, organizerId: number, eventId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw notFound('Event not found');
    if (event.organizerId !== organizerId) throw forbidden('You can only cancel your own events');
    if (event.status !== 'pending_approval' && event.status !== 'approved') {
      throw conflict('This event can no longer be cancelled');
    }
    const [charged] = await tx
      .select({ id: pendingOrders.id })
      .from(pendingOrders)
      .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.status, 'charged')))
      .limit(1);
    if (charged) throw conflict('This event already has charged orders and can no longer be cancelled');
    const [updated] = await tx
      .update(events)
      .set({ status: 'cancelled', cancelReason: 'organizer', updatedAt: now })
      .where(eq(events.id, eventId))
      .returning();
    await recordTransition(tx, {
      entity: 'event',
      id: eventId,
      from: event.status,
      to: 'cancelled',
      reason: 'organizer',
      at: now,
    });
    return updated!;
  });
}
