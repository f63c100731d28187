import { eq } from 'drizzle-orm';
import { decideFulfilment, decideUndoCollected, type FulfilmentState } from '../../core/fulfilment';
import type { Db, Tx } from '../db/client';
import { events, pendingOrders, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderReadyMail } from '../orders/order-mail';
import { enqueueReadyText } from '../pickup/ready-text';

/**
 * The order's row locked (so two taps or two phones at the window change it once), with its event, for
 * the event's truck alone.
 */
async function lockHandedOrder(tx: Tx, truckId: number, orderId: number) {
  const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, orderId)).for('update');
  if (!order) throw new DomainError('order_not_found', 'Order not found');
  const [event] = await tx.select().from(events).where(eq(events.id, order.eventId));
  if (!event || event.foodTruckId !== truckId)
    throw new DomainError('not_the_events_truck', "Only the event's food truck can hand over its orders");
  return { order, event };
}

/**
 * The event's truck marks a paid order ready (the diner is told by e-mail, through the outbox in the
 * same transaction) or collected. The order row is locked, so two taps or two phones at the window
 * change it once and send one e-mail.
 */
export async function markOrderFulfilment(
  db: Db,
  truckId: number,
  orderId: number,
  state: FulfilmentState,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { order, event } = await lockHandedOrder(tx, truckId, orderId);
    // A call-off that committed first owns the order: its money is going back (decision 127).
    if (order.refundDueAt || event.status === 'cancelled' || event.cutShortAt)
      throw new DomainError(
        'order_being_refunded',
        'This event was called off and this order is being refunded, so it can no longer be handed over',
      );
    // Under the order's lock, which a refund takes too: a refund that committed first is seen here.
    const decision = decideFulfilment(
      {
        status: order.status,
        totalCents: order.totalAmount,
        correctedCents: order.correctedAmount,
        refundDue: order.refundDueAt !== null,
      },
      order.fulfilment,
      state,
      { now, startsAt: event.startsAt, endsAt: event.endsAt },
    );
    if (decision.kind === 'refused')
      throw new DomainError(
        decision.refunded ? 'order_refunded_in_full' : 'fulfilment_refused',
        decision.message,
      );
    if (decision.kind === 'unchanged') return order;
    const [updated] = await tx
      .update(pendingOrders)
      .set({
        fulfilment: state,
        ...(state === 'ready' ? { readyAt: now } : { collectedAt: now }),
        updatedAt: now,
      })
      .where(eq(pendingOrders.id, orderId))
      .returning();
    if (state === 'ready') {
      const [truck] = await tx.select().from(users).where(eq(users.id, truckId));
      const truckName = truck?.businessName ?? truck?.username ?? 'The truck';
      await enqueueMail(tx, orderReadyMail(updated!, event, truckName));
      await enqueueReadyText(tx, updated!, event, truckName);
    }
    return updated!;
  });
}

/**
 * The truck takes back "Collected" (tapped on the wrong order) until the event's end: the order goes
 * back to "Ready for pickup" if it was marked ready, else to "Being prepared". Locked like the mark.
 */
export async function undoCollected(db: Db, truckId: number, orderId: number, now: Date) {
  return db.transaction(async (tx) => {
    const { order, event } = await lockHandedOrder(tx, truckId, orderId);
    if (order.fulfilment !== 'collected')
      throw new DomainError('order_not_collected', 'This order is not marked collected');
    // Cut short, the event kept what was collected and refunded the rest: that split is final (decision 127).
    if (event.cutShortAt || event.status === 'cancelled')
      throw new DomainError(
        'event_called_off',
        'This event was called off: what was collected then stays as it is',
      );
    const decision = decideUndoCollected(order.fulfilment, { now, endsAt: event.endsAt });
    if (decision.kind === 'refused') throw new DomainError('fulfilment_refused', decision.message);
    const [updated] = await tx
      .update(pendingOrders)
      .set({ fulfilment: order.readyAt ? 'ready' : null, collectedAt: null, updatedAt: now })
      .where(eq(pendingOrders.id, orderId))
      .returning();
    return updated!;
  });
}
