import { and, inArray, lte, eq } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { events, pendingOrders } from '../db/schema';
import { endCheckouts } from '../engine/order-engine';
import type { EngineCtx } from './sync-order';

const BATCH = 500;

/**
 * Reconciler task: the start is a line. A checkout still open when its event starts (an intent never
 * confirmed, or a failed payment not made again) is ended: the order goes to `cancelling`, and the
 * release task cancels its intent at the provider, so no card is held or charged after the start (one
 * confirmed in the last moment is released, and its diner told). Open orders never count toward the
 * goal, so the event's sales do not move; only the orders' rows are locked.
 */
export async function endCheckoutsAtStart(ctx: Pick<EngineCtx, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pendingOrders.id, status: pendingOrders.status })
      .from(pendingOrders)
      .innerJoin(events, eq(events.id, pendingOrders.eventId))
      .where(
        and(
          inArray(pendingOrders.status, ['pending', 'failed']),
          inArray(events.status, [...LIVE_EVENT_STATUSES]),
          lte(events.startsAt, now),
        ),
      )
      .limit(BATCH)
      .for('update', { of: pendingOrders, skipLocked: true });
    if (due.length > 0) await endCheckouts(tx, due, now);
    return due.length;
  });
}
