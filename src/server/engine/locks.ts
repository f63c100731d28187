import { eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { events, pendingOrders } from '../db/schema';

/**
 * The engine's locks, always taken in one order so that two writers never deadlock: the event's row
 * first, then its orders' rows (by id when there are several). The order path's single statement
 * (`goal-fast-path.ts`) takes them in the same order.
 *
 * The event's lock is `FOR NO KEY UPDATE`: nothing here changes its key, so new orders, whose foreign
 * key takes `FOR KEY SHARE` on the event, are never held up by it (docs/decisions/088).
 *
 * Every change to an order's status, an event's status or sales runs under the event's lock, so what a
 * caller read of the event under it (its status, its sales, its start) stays true until it commits.
 */
export async function lockEventAndOrder(tx: Tx, eventId: number, orderId: number) {
  const event = await lockEvent(tx, eventId);
  const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, orderId)).for('update');
  return { event, order };
}

/** The event's row, locked for a status or sales change (see above). */
export async function lockEvent(tx: Tx, eventId: number) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
  return event;
}

/**
 * The events a reconciler task acts on (`where`), each under its lock as above, skipping those another
 * instance holds: two instances running the task at once act on each event once.
 */
export function lockDueEvents(tx: Tx, where: SQL | undefined) {
  return tx.select().from(events).where(where).for('no key update', { skipLocked: true });
}

/**
 * The order's lock alone, with its event as last committed: enough for a change that moves neither
 * the event's sales nor its status, such as a held order of a funded event being charged, so that a
 * thousand captures of one event need not queue on its row. Read after the order's lock, the event is
 * either as it was before a call-off (which then waits for this order's lock, since it locks every open
 * order, and unwinds the order as this transaction left it) or as the committed call-off left it. The
 * order engine refuses to move the sales under this lock (`transitionOrder` with `eventLocked: false`).
 */
export async function lockOrderOnly(tx: Tx, orderId: number, eventId: number) {
  const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, orderId)).for('update');
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  return { event, order };
}
