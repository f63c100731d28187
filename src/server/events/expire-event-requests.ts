import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { expiredMail } from './event-mail';
import { recordTransition } from './record-transition';

/**
 * Reconciler task: a request unanswered for 24 hours (or whose start has come) is cancelled and the
 * organizer told. The conditional UPDATE … RETURNING claims each event, so two instances running this
 * at once cancel and notify once.
 */
export async function expireEventRequests(db: Db, now: Date, baseUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(events)
      .set({ status: 'cancelled', cancelReason: 'expired', updatedAt: now })
      .where(
        and(
          eq(events.status, 'pending_approval'),
          or(lte(events.approvalExpiryDate, now), lte(events.startsAt, now)),
        ),
      )
      .returning();
    for (const event of expired) {
      await recordTransition(tx, {
        entity: 'event',
        id: event.id,
        from: 'pending_approval',
        to: 'cancelled',
        reason: 'expired',
        at: now,
      });
      const [organizer] = await tx.select().from(users).where(eq(users.id, event.organizerId));
      const [truck] = await tx.select().from(users).where(eq(users.id, event.foodTruckId));
      if (organizer?.contactEmail && truck) {
        await enqueueMail(tx, {
          to: organizer.contactEmail,
          ...expiredMail(event, organizer, truck, baseUrl),
        });
      }
    }
    return expired.length;
  });
}
