import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { recordTransition } from '../events/record-transition';

/**
 * Reconciler task: an approved event that starts with its goal unmet is cancelled (the release task
 * then frees every hold and tells every diner). The conditional update claims each event once.
 */
export async function cancelUnfundedEvents(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const cancelled = await tx
      .update(events)
      .set({ status: 'cancelled', cancelReason: 'unfunded', updatedAt: now })
      .where(and(eq(events.status, 'approved'), lte(events.startsAt, now)))
      .returning({ id: events.id });
    for (const { id } of cancelled) {
      await recordTransition(tx, {
        entity: 'event',
        id,
        from: 'approved',
        to: 'cancelled',
        reason: 'unfunded at start',
        at: now,
      });
    }
    return cancelled.length;
  });
}
