import { and, inArray, lte, eq } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { assertOrderTransition } from '../../core/order-status';
import { events, pendingOrders, statusTransitions } from '../db/schema';
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
    if (due.length === 0) return 0;
    for (const order of due) assertOrderTransition(order.status, 'cancelling', order.id);
    for (const status of ['pending', 'failed'] as const) {
      const ids = due.filter((o) => o.status === status).map((o) => o.id);
      if (ids.length === 0) continue;
      await tx
        .update(pendingOrders)
        .set({
          status: 'cancelling',
          cancelRequestedBy: status === 'failed' ? 'unpaid' : 'event',
          updatedAt: now,
        })
        .where(inArray(pendingOrders.id, ids));
    }
    await tx.insert(statusTransitions).values(
      due.map((o) => ({
        entity: 'order' as const,
        entityId: o.id,
        fromStatus: o.status,
        toStatus: 'cancelling',
        reason: 'the event started',
        at: now,
      })),
    );
    return due.length;
  });
}
