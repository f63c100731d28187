import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { recordTransition } from '../events/record-transition';

/** Reconciler task: a confirmed event is closed once its end time has passed. */
export async function closeEndedEvents(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const closed = await tx
      .update(events)
      .set({ status: 'closed', updatedAt: now })
      .where(and(eq(events.status, 'confirmed'), lte(events.endsAt, now)))
      .returning({ id: events.id });
    for (const { id } of closed) {
      await recordTransition(tx, {
        entity: 'event',
        id,
        from: 'confirmed',
        to: 'closed',
        reason: 'event ended',
        at: now,
      });
    }
    return closed.length;
  });
}
