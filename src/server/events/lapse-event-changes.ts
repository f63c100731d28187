import { and, eq, inArray, lte } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import type { Db } from '../db/client';
import { eventChangeRequests, events } from '../db/schema';
import { changeLapsedMail } from './change-mail';
import { mailRequestParty } from './request-mail';

/**
 * Reconciler task: a change the truck left unanswered past its deadline lapses; the event keeps its
 * date and place and the organizer is told (unless the event was called off meanwhile). Rows are claimed with SKIP LOCKED, so two instances lapse
 * and mail once; a truck answering at the same moment holds the row, and whichever commits first wins.
 */
export async function lapseEventChanges(db: Db, now: Date, baseUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(eventChangeRequests)
      .where(and(eq(eventChangeRequests.status, 'pending'), lte(eventChangeRequests.answerBy, now)))
      .limit(100)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const lapsed = await tx
      .update(eventChangeRequests)
      .set({ status: 'lapsed', answeredAt: now })
      .where(
        inArray(
          eventChangeRequests.id,
          due.map((c) => c.id),
        ),
      )
      .returning();
    for (const change of lapsed) {
      const [event] = await tx.select().from(events).where(eq(events.id, change.eventId));
      // An event called off (or ended) meanwhile was already told about; its change just closes.
      if (!event || !LIVE_EVENT_STATUSES.includes(event.status)) continue;
      await mailRequestParty(tx, event, 'organizer', (organizer, truck) =>
        changeLapsedMail({ event, change, organizer, truck, baseUrl }),
      );
    }
    return lapsed.length;
  });
}
