import { eq } from 'drizzle-orm';
import { isCancellableEvent } from '../../core/event-status';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { changeEventStatus } from './change-event-status';

export interface CancelEventActor {
  id: number;
  role: 'organizer' | 'foodtruck';
}

/**
 * The organizer, or the addressed truck (it broke down), calls an event off before it closes, with an
 * optional reason. In the same transaction every hold is queued for release and every charge for a
 * refund, and both parties are told; the reconciler then talks to the provider and tells each diner.
 */
export async function cancelEvent(
  db: Db,
  actor: CancelEventActor,
  eventId: number,
  options: { now: Date; reason: string | undefined; baseUrl: string },
) {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw notFound('Event not found');
    const isOrganizer = actor.role === 'organizer' && event.organizerId === actor.id;
    const isTruck = actor.role === 'foodtruck' && event.foodTruckId === actor.id;
    if (!isOrganizer && !isTruck) throw forbidden('You can only cancel your own events');
    if (isTruck && event.status === 'pending_approval') {
      throw conflict('Decline the request instead: it is still waiting for your answer');
    }
    if (!isCancellableEvent(event.status)) throw conflict('This event can no longer be cancelled');
    return changeEventStatus(tx, event, 'cancelled', {
      now: options.now,
      reason: isTruck ? 'called off by the truck' : 'called off by the organizer',
      baseUrl: options.baseUrl,
      patch: {
        cancelReason: isTruck ? 'truck' : 'organizer',
        cancelledBy: isTruck ? 'truck' : 'organizer',
        cancelNote: options.reason?.trim() || null,
      },
    });
  });
}
