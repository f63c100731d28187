import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { acceptsScheduleChange } from '../../core/event-status';
import type { OrderStatus } from '../../core/order-status';
import type { AppContext } from '../context';
import { eventChangeRequests, eventReminderRuns, events, pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { enqueueMail } from '../outbox/enqueue-mail';
import { orderLink } from '../access/order-access';
import { changeAnswerMail, dinerChangeMail } from './change-mail';
import { lockEventOf } from './event-party';
import { mailRequestParty } from './request-mail';
import { assertDateStillFree, lockTruck } from '../trucks/truck-availability';

/** Orders whose diner is told of a change: held or saved, charged, or failed and still able to pay again. */
const TOLD_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged', 'failed'];

type ChangeRow = typeof eventChangeRequests.$inferSelect;

function notPendingMessage(change: ChangeRow): string {
  switch (change.status) {
    case 'replaced':
      return 'The organizer has replaced this change with a newer one';
    case 'lapsed':
      return 'This change has lapsed: it was not answered in time';
    default:
      return 'This change has already been answered';
  }
}

/**
 * The addressed truck accepts or declines a pending change, before its deadline. On acceptance the
 * event's date, times and place change in the same transaction, the event is marked changed (its
 * diners may now cancel for a release or a full refund until the new start), reminders already sent
 * are forgotten so they come again before the new start, and every diner with a live order is mailed
 * on their order's thread. The organizer is told either way.
 */
export async function answerEventChange(
  ctx: Pick<AppContext, 'db' | 'config'>,
  truckId: number,
  ids: { eventId: number; changeId: number },
  answer: { answer: 'accept' | 'decline'; response: string | null },
  now: Date,
) {
  const baseUrl = publicBaseUrl(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const event = await lockEventOf(
      tx,
      ids.eventId,
      { truckId },
      'Only the food truck of this event can answer its changes',
    );
    const [change] = await tx
      .select()
      .from(eventChangeRequests)
      .where(and(eq(eventChangeRequests.id, ids.changeId), eq(eventChangeRequests.eventId, event.id)))
      .for('update');
    if (!change) throw new DomainError('change_request_not_found', 'Change request not found');
    if (change.status !== 'pending')
      throw new DomainError('change_request_not_pending', notPendingMessage(change));
    if (change.answerBy <= now)
      throw new DomainError('change_request_lapsed', 'This change has lapsed: it was not answered in time');
    const accepting = answer.answer === 'accept';
    if (accepting) {
      if (!acceptsScheduleChange(event.status, now, event.startsAt)) {
        throw new DomainError(
          'event_not_movable',
          'This event can no longer be moved: it has started, ended or was called off',
        );
      }
      if (change.startsAt <= now)
        throw new DomainError('new_start_passed', 'The new start has already passed');
      if (change.date !== event.date) {
        await lockTruck(tx, truckId);
        await assertDateStillFree(tx, truckId, event.id, change.date);
      }
    }
    const [answered] = await tx
      .update(eventChangeRequests)
      .set({ status: accepting ? 'accepted' : 'declined', answeredAt: now, response: answer.response })
      .where(eq(eventChangeRequests.id, change.id))
      .returning();
    let current = event;
    if (accepting) {
      const [moved] = await tx
        .update(events)
        .set({
          date: change.date,
          startTime: change.startTime,
          endTime: change.endTime,
          location: change.location,
          startsAt: change.startsAt,
          endsAt: change.endsAt,
          changedAt: now,
          scheduleVersion: sql`${events.scheduleVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(events.id, event.id))
        .returning();
      current = moved!;
      // Reminders are timed from the start: those already sent come again before the new one.
      await tx.delete(eventReminderRuns).where(eq(eventReminderRuns.eventId, event.id));
      const told = await tx
        .select()
        .from(pendingOrders)
        .where(
          and(
            eq(pendingOrders.eventId, event.id),
            inArray(pendingOrders.status, [...TOLD_ORDER_STATUSES]),
            isNull(pendingOrders.refundDueAt),
          ),
        )
        .orderBy(pendingOrders.id);
      for (const order of told) {
        const link = orderLink(baseUrl, ctx.config.sessionSecret, order);
        await enqueueMail(tx, {
          to: order.customerEmail,
          ...dinerChangeMail(order, current, answered!, link),
        });
      }
    }
    await mailRequestParty(tx, event, 'organizer', (organizer, truck) =>
      changeAnswerMail({ event: current, change: answered!, organizer, truck, baseUrl }),
    );
    return { event: current, change: answered! };
  });
}
