import { and, eq, inArray, lte, notExists } from 'drizzle-orm';
import { eventGuarantees, events } from '../db/schema';
import { changeEventStatus } from '../engine/event-engine';
import { lockDueEvents } from '../engine/locks';
import { publicBaseUrl } from '../http/public-url';
import type { EngineCtx } from './sync-order';

/**
 * Reconciler task: an approved event that starts with its goal unmet is cancelled; its holds go to the
 * release task, and every party is told. Rows are locked with SKIP LOCKED, so each event is claimed once.
 */
export async function cancelUnfundedEvents(ctx: Pick<EngineCtx, 'db' | 'now' | 'config'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // An event whose organizer guaranteed the minimum is the guarantee task's (charge-guarantees.ts).
    const guaranteed = tx
      .select({ id: eventGuarantees.id })
      .from(eventGuarantees)
      .where(
        and(eq(eventGuarantees.eventId, events.id), inArray(eventGuarantees.status, ['saved', 'charging'])),
      );
    const due = await lockDueEvents(
      tx,
      and(eq(events.status, 'approved'), lte(events.startsAt, now), notExists(guaranteed)),
    );
    for (const event of due) {
      await changeEventStatus(tx, event, 'cancelled', {
        now,
        reason: 'unfunded at start',
        baseUrl: publicBaseUrl(ctx.config),
        patch: { cancelReason: 'unfunded', cancelledBy: 'system' },
      });
    }
    return due.length;
  });
}
