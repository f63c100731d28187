import { and, eq } from 'drizzle-orm';
import { acceptsScheduleChange, changeAnswerDeadline } from '../../core/event-status';
import { NOTHING_TO_CHANGE, START_IN_PAST } from '../../core/schemas/event';
import { eventCalendarDate } from '../../core/time';
import { computeEventInstants } from '../../core/zoned-time';
import { refuseSkippedTimes } from './refuse-skipped-times';
import type { Db } from '../db/client';
import { eventChangeRequests } from '../db/schema';
import { DomainError } from '../domain-error';
import { changeRequestMail } from './change-mail';
import { lockEventOf } from './event-party';
import { mailRequestParty } from './request-mail';

export interface ScheduleChange {
  date: string;
  startTime: string;
  endTime: string;
  location: string;
}

/**
 * The organizer asks the addressed truck to move the event (date, times, place). The event keeps its
 * current plan until the truck accepts. One change is pending at a time: a new request replaces the
 * pending one (which the truck can then no longer accept), under the event's lock, so a truck's answer
 * racing a replacement sees either the old request still pending or already replaced, never both
 * (docs/decisions/130-editing-an-event.md). The truck is mailed in the same transaction.
 */
export async function requestEventChange(
  db: Db,
  organizerId: number,
  eventId: number,
  input: ScheduleChange,
  now: Date,
  baseUrl: string,
) {
  return db.transaction(async (tx) => {
    const event = await lockEventOf(tx, eventId, { organizerId }, "Only the event's organizer can change it");
    if (event.status === 'pending_approval') {
      throw new DomainError(
        'event_request_unanswered',
        'The truck has not answered your request yet: call it off and send a new one to change its date, time or place',
      );
    }
    if (!acceptsScheduleChange(event.status, now, event.startsAt)) {
      throw new DomainError(
        'event_not_movable',
        'This event can no longer be moved: it has started, ended or was called off',
      );
    }
    const date = eventCalendarDate(input.date, event.timeZone);
    if (!date)
      throw new DomainError('date_invalid', 'Invalid date format', {
        fields: { date: 'Invalid date format' },
      });
    refuseSkippedTimes(date, input.startTime, input.endTime, event.timeZone);
    const { startsAt, endsAt } = computeEventInstants(date, input.startTime, input.endTime, event.timeZone);
    if (startsAt <= now)
      throw new DomainError('start_in_past', START_IN_PAST, { fields: { date: START_IN_PAST } });
    if (
      date === event.date &&
      input.startTime === event.startTime &&
      input.endTime === event.endTime &&
      input.location === event.location
    ) {
      throw new DomainError('nothing_to_change', NOTHING_TO_CHANGE, { fields: { date: NOTHING_TO_CHANGE } });
    }
    await tx
      .update(eventChangeRequests)
      .set({ status: 'replaced', answeredAt: now })
      .where(and(eq(eventChangeRequests.eventId, eventId), eq(eventChangeRequests.status, 'pending')));
    const [change] = await tx
      .insert(eventChangeRequests)
      .values({
        eventId,
        date,
        startTime: input.startTime,
        endTime: input.endTime,
        location: input.location,
        startsAt,
        endsAt,
        previousDate: event.date,
        previousStartTime: event.startTime,
        previousEndTime: event.endTime,
        previousLocation: event.location,
        answerBy: changeAnswerDeadline(now, event.startsAt),
        createdAt: now,
      })
      .returning();
    await mailRequestParty(tx, event, 'truck', (organizer, truck) =>
      changeRequestMail({ event, change: change!, organizer, truck, baseUrl }),
    );
    return { event, change: change! };
  });
}
