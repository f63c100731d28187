import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';
import { expiredMail } from './event-mail';
import { mailRequestParty } from './request-mail';
import { setEventStatus } from '../engine/event-engine';
import { lockDueEvents } from '../engine/locks';

/**
 * Reconciler task: a request unanswered for 24 hours (or whose start has come) is cancelled and the
 * organizer told. The rows are locked with SKIP LOCKED, so two instances running this at once cancel
 * and notify once.
 */
export async function expireEventRequests(db: Db, now: Date, baseUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockDueEvents(
      tx,
      and(
        eq(events.status, 'pending_approval'),
        or(lte(events.approvalExpiryDate, now), lte(events.startsAt, now)),
      ),
    );
    for (const candidate of due) {
      const event = await setEventStatus(tx, candidate, 'cancelled', {
        now,
        reason: 'expired',
        patch: { cancelReason: 'expired', cancelledBy: 'system' },
      });
      await mailRequestParty(tx, event, 'organizer', (organizer, truck) =>
        expiredMail(event, organizer, truck, baseUrl),
      );
    }
    return due.length;
  });
}
