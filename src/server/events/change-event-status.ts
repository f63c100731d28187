import { and, eq, inArray } from 'drizzle-orm';
import type { EventStatus } from '../../core/event-status';
import { assertOrderTransition, OPEN_ORDER_STATUSES } from '../../core/order-status';
import type { Tx } from '../db/client';
import { events, pendingOrders, statusTransitions, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderKeptMail } from '../orders/order-mail';
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
  options: {
    now: Date;
    reason: string;
    baseUrl: string;
    patch?: Partial<typeof events.$inferInsert>;
    /** Called off after the start (`closed`): collected orders stay charged (decision 127). */
    cutShort?: boolean;
  },
): Promise<EventRow> {
  const updated = await setEventStatus(tx, event, to, options.now, options.reason, options.patch);
  if (options.cutShort) {
    await unwindEventOrders(tx, updated, options.now, 'event cut short', { keepCollected: true });
  } else if (to === 'cancelled' || to === 'payment_failed') {
    await unwindEventOrders(
      tx,
      updated,
      options.now,
      to === 'cancelled' ? 'event cancelled' : 'event failed',
    );
  }
  const outcome = options.cutShort ? 'cut-short' : OUTCOMES[to];
  if (outcome) await notifyParties(tx, updated, outcome, options.baseUrl);
  return updated;
}

/**
 * Orders of an event that ends without food: open ones leave the goal and wait for the provider to
 * confirm their release (`cancelling`); charged ones are owed back. The release and refund tasks of the
 * reconciler do the provider calls, so a crash after this commit loses nothing. An event cut short
 * keeps what its diners collected: those orders stay charged, count, and their diners are told.
 */
async function unwindEventOrders(
  tx: Tx,
  event: EventRow,
  now: Date,
  reason: string,
  options: { keepCollected?: boolean } = {},
): Promise<void> {
  const all = await tx
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, event.id),
        inArray(pendingOrders.status, [...OPEN_ORDER_STATUSES, 'charged']),
      ),
    )
    .for('update');
  const kept = options.keepCollected
    ? all.filter((o) => o.status === 'charged' && !o.refundDueAt && o.fulfilment === 'collected')
    : [];
  const orders = all.filter((o) => !kept.includes(o));
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
  // Only what diners collected still counts: every other hold is being released, every charge refunded.
  const keptCents = kept.reduce((sum, o) => sum + o.subtotalAmount, 0);
  await tx.update(events).set({ currentSales: keptCents }).where(eq(events.id, event.id));
  for (const order of kept) await enqueueMail(tx, orderKeptMail(order, event));
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
      recipient: { userId: reader.id, topic: 'event-outcomes' },
      ...eventOutcomeMail(outcome, event, reader, { organizer, truck }, baseUrl),
    });
  }
}
