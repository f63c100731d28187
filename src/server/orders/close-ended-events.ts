import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { setEventStatus } from '../events/set-event-status';

/** Reconciler task: a confirmed event is closed once its end time has passed. */
export async function closeEndedEvents(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(events)
      .where(and(eq(events.status, 'confirmed'), lte(events.endsAt, now)))
      .for('update', { skipLocked: true });
    for (const event of due) await setEventStatus(tx, event, 'closed', now, 'event ended');
    return due.length;
  });
}
