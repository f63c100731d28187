import { and, eq, inArray } from 'drizzle-orm';
import type { EventStatus } from '../../core/event-status';
import { OPEN_ORDER_STATUSES } from '../../core/order-status';
import {
  planEventCreated,
  planEventMove,
  planUnwind,
  type EventOutcome,
  type EventPlan,
} from '../../core/status-plan';
import type { DbOrTx, Tx } from '../db/client';
import { events, pendingOrders, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { eventOutcomeMail, orderKeptMail } from './outcome-mails';
import { writeTransitionLog } from './transition-log';

type EventRow = typeof events.$inferSelect;
type EventPatch = Omit<Partial<typeof events.$inferInsert>, 'status' | 'currentSales'>;

export interface EventChangeOptions {
  now: Date;
  reason?: string;
  /** For the links in the mails to the organizer and the truck. */
  baseUrl: string;
  /** Other columns of the event that change with its status (never its status or sales). */
  patch?: EventPatch;
  /** Called off after the start (`closed`): collected orders stay charged (decision 127). */
  cutShort?: boolean;
}

/**
 * An event's status change that matters to money: checked against the transition table, recorded, the
 * organizer and the truck told through the outbox in the same transaction, and, when the event ends
 * without food (cancelled or payment failed) or is cut short, its orders unwound: holds queued for
 * release, charges for refund. The caller holds the event's row lock (`lockEvent`, or `FOR UPDATE`
 * with SKIP LOCKED in a sweep).
 */
export async function changeEventStatus(
  tx: Tx,
  event: EventRow,
  to: EventStatus,
  options: EventChangeOptions,
): Promise<EventRow> {
  const plan = planEventMove(event, to, {
    at: options.now,
    reason: options.reason,
    cutShort: options.cutShort,
  });
  return carryOutEventPlan(tx, event, plan, options);
}

/**
 * A status change the caller tells the parties of itself (a request answered or expired, an event
 * closed after its end): checked, recorded, nothing unwound. The caller holds the event's row lock,
 * or its rows are claimed with SKIP LOCKED.
 */
export async function setEventStatus(
  tx: DbOrTx,
  event: EventRow,
  to: EventStatus,
  options: Omit<EventChangeOptions, 'cutShort' | 'baseUrl'>,
): Promise<EventRow> {
  const plan = planEventMove(event, to, { at: options.now, reason: options.reason, quiet: true });
  return writeEventStatus(tx, plan, options);
}

/** A new request's first log row (the row itself is inserted as `pending_approval` by the caller). */
export async function recordEventCreated(tx: DbOrTx, eventId: number, at: Date): Promise<void> {
  await writeTransitionLog(tx, [planEventCreated(eventId, at)]);
}

/** Carries out a plan made for this event (also by the order engine, at a goal crossing). */
export async function carryOutEventPlan(
  tx: Tx,
  event: EventRow,
  plan: EventPlan,
  options: { now: Date; baseUrl: string; patch?: EventPatch },
): Promise<EventRow> {
  const updated = await writeEventStatus(tx, plan, options);
  if (plan.unwind !== 'none') {
    await unwindOrders(tx, updated, plan.unwind, {
      at: options.now,
      reason: plan.unwindReason ?? plan.status,
    });
  }
  if (plan.outcome) await notifyParties(tx, updated, plan.outcome, options.baseUrl);
  return updated;
}

async function writeEventStatus(tx: DbOrTx, plan: EventPlan, options: { now: Date; patch?: EventPatch }) {
  const [row] = await tx
    .update(events)
    .set({ ...options.patch, status: plan.status, updatedAt: options.now })
    .where(eq(events.id, plan.id))
    .returning();
  await writeTransitionLog(tx, [plan.log]);
  return row!;
}

/**
 * Orders of an event that ends without food: open ones leave the goal and wait for the provider to
 * confirm their release (`cancelling`); charged ones are owed back. The release and refund tasks of the
 * reconciler do the provider calls, so a crash after this commit loses nothing. An event cut short
 * keeps what its diners collected: those orders stay charged, count, and their diners are told.
 */
async function unwindOrders(
  tx: Tx,
  event: EventRow,
  unwind: 'all' | 'all-but-collected',
  change: { at: Date; reason: string },
): Promise<void> {
  const { at: now, reason } = change;
  const orders = await tx
    .select()
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, event.id),
        inArray(pendingOrders.status, [...OPEN_ORDER_STATUSES, 'charged']),
      ),
    )
    .orderBy(pendingOrders.id)
    .for('update');
  const plan = planUnwind(
    orders.map((o) => ({
      id: o.id,
      status: o.status,
      refundDue: o.refundDueAt != null,
      subtotalCents: o.subtotalAmount,
      collected: o.fulfilment === 'collected',
    })),
    unwind,
    change,
  );
  if (plan.release.length > 0) {
    await tx
      .update(pendingOrders)
      .set({ status: 'cancelling', cancelRequestedBy: 'event', updatedAt: now })
      .where(
        inArray(
          pendingOrders.id,
          plan.release.map((o) => o.id),
        ),
      );
    await writeTransitionLog(
      tx,
      plan.release.flatMap((o) => (o.log ? [o.log] : [])),
    );
  }
  if (plan.refund.length > 0) {
    await tx
      .update(pendingOrders)
      .set({ refundDueAt: now, refundReason: reason, updatedAt: now })
      .where(
        inArray(
          pendingOrders.id,
          plan.refund.map((o) => o.id),
        ),
      );
  }
  // Only what diners collected still counts: every other hold is being released, every charge refunded.
  await tx.update(events).set({ currentSales: plan.salesAfterCents }).where(eq(events.id, event.id));
  for (const order of orders.filter((o) => plan.kept.includes(o.id))) {
    await enqueueMail(tx, orderKeptMail(order, event));
  }
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
