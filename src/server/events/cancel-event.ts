import { eq } from 'drizzle-orm';
import { decideCallOff } from '../../core/call-off';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { DomainError } from '../domain-error';
import { changeEventStatus } from '../engine/event-engine';

export interface CancelEventActor {
  id: number;
  role: 'organizer' | 'foodtruck' | 'admin';
}

const BY = { organizer: 'organizer', foodtruck: 'truck', admin: 'admin' } as const;

/**
 * The organizer, the addressed truck (it broke down) or an admin calls an event off, with a reason
 * (an admin must give one). What that means follows the clock (src/core/call-off.ts): before the
 * start the event is cancelled; from the start until the end it is cut short, and what diners already
 * collected stays charged. In the same transaction every hold to let go is queued for release and
 * every charge to give back for a refund, and every party is told; the reconciler then talks to the
 * provider and tells each diner.
 */
export async function cancelEvent(
  db: Db,
  actor: CancelEventActor,
  eventId: number,
  options: { now: Date; reason: string | undefined; baseUrl: string },
) {
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
    if (!event) throw new DomainError('event_not_found', 'Event not found');
    const isOrganizer = actor.role === 'organizer' && event.organizerId === actor.id;
    const isTruck = actor.role === 'foodtruck' && event.foodTruckId === actor.id;
    if (!isOrganizer && !isTruck && actor.role !== 'admin')
      throw new DomainError('not_your_event', 'You can only cancel your own events');
    if (isTruck && event.status === 'pending_approval') {
      throw new DomainError(
        'event_request_unanswered',
        'Decline the request instead: it is still waiting for your answer',
      );
    }
    const decision = decideCallOff(event, options.now);
    if (decision.kind === 'refused') throw new DomainError('event_not_cancellable', decision.message);
    const by = BY[actor.role];
    const patch = {
      cancelReason: by,
      cancelledBy: by,
      cancelNote: options.reason?.trim() || null,
    };
    if (decision.kind === 'cut-short') {
      return changeEventStatus(tx, event, 'closed', {
        now: options.now,
        reason: `cut short by the ${by}`,
        baseUrl: options.baseUrl,
        patch: { ...patch, cutShortAt: options.now },
        cutShort: true,
      });
    }
    return changeEventStatus(tx, event, 'cancelled', {
      now: options.now,
      reason: `called off by the ${by}`,
      baseUrl: options.baseUrl,
      patch,
    });
  });
}
