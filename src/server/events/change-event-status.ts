import { and, eq, inArray } from 'drizzle-orm';
import type { EventStatus } from '../../core/event-status';
import { assertOrderTransition, OPEN_ORDER_STATUSES } from '../../core/order-status';
import type { Tx } from '../db/client';
import { events, pendingOrders, statusTransitions, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { eventOutcomeMail, type EventOutcome } from './event-outcome-mail';
import { setEventStatus } from './set-event-status';

type EventRow = typeof events.$inferSelect;

const OUTCOMES: Partial<Record<EventStatus, EventOutcome>> = {
  processing: 'goal-reached',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  payment_failed: 'payment-failed',
};

/**
 * An event's status change that matters to money: recorded through the transition table, the organizer
 * and the truck told through the outbox in the same transaction, and, when the event ends without
 * food (cancelled or payment failed), every order unwound: holds queued for release, charges for refund.
 */
export async function changeEventStatus(
  tx: Tx,
  event: EventRow,
  to: EventStatus,
  options: { now: Date; reason: string; baseUrl: string; patch?: Partial<typeof events.$inferInsert> },
): Promise<EventRow> {
  const updated = await setEventStatus(tx, event, to, options.now, options.reason, options.patch);
  if (to === 'cancelled' || to === 'payment_failed') {
    await unwindEventOrders(
      tx,
      updated,
      options.now,
      to === 'cancelled' ? 'event cancelled' : 'event failed',
    );
  }
  const outcome = OUTCOMES[to];
  if (outcome) await notifyParties(tx, updated, outcome, options.baseUrl);
  return updated;
}

/**
 * Orders of an event that ends without food: open ones leave the goal and wait for the provider to
 * confirm their release (`cancelling`); charged ones are owed back. The release and refund tasks of the
 * reconciler do the provider calls, so a crash after this commit loses nothing.
 */
async function unwindEventOrders(tx: Tx, event: EventRow, now: Date, reason: string): Promise<void> {
  const orders = await tx
    .select({ id: pendingOrders.id, status: pendingOrders.status, refundDueAt: pendingOrders.refundDueAt })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, event.id),
        inArray(pendingOrders.status, [...OPEN_ORDER_STATUSES, 'charged']),
      ),
    )
    .for('update');
  const open = orders.filter((o) => o.status !== 'charged');
  const owed = orders.filter((o) => o.status === 'charged' && !o.refundDueAt);
  for (const order of open) assertOrderTransition(order.status, 'cancelling', order.id);
  if (open.length > 0) {
    await tx
      .update(pendingOrders)
      .set({ status: 'cancelling', cancelRequestedBy: 'event', updatedAt: now })
      .where(
        inArray(
          pendingOrders.id,
          open.map((o) => o.id),
        ),
      );
    await tx.insert(statusTransitions).values(
      open.map((o) => ({
        entity: 'order' as const,
        entityId: o.id,
        fromStatus: o.status,
        toStatus: 'cancelling',
        reason,
        at: now,
      })),
    );
  }
  if (owed.length > 0) {
    await tx
      .update(pendingOrders)
      .set({ refundDueAt: now, refundReason: reason, updatedAt: now })
      .where(
        inArray(
          pendingOrders.id,
          owed.map((o) => o.id),
        ),
      );
  }
  // Nothing the event sold counts any more: holds are being released and charges refunded.
  await tx.update(events).set({ currentSales: 0 }).where(eq(events.id, event.id));
}

async function notifyParties(tx: Tx, event: EventRow, outcome: EventOutcome, baseUrl: string) {
  const parties = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [event.organizerId, event.foodTruckId]));
  const organizer = parties.find((u) => u.id === event.organizerId);
  const truck = parties.find((u) => u.id === event.foodTruckId);
  if (!organizer || !truck) return;
  for (const reader of [organizer, truck]) {
    if (!reader.contactEmail) continue;
    await enqueueMail(tx, {
      to: reader.contactEmail,
      ...eventOutcomeMail(outcome, event, reader, { organizer, truck }, baseUrl),
    });
  }
}
