import { computeEventInstants } from '../../core/zoned-time';
import type { ChangeRequestDto } from '../../contract/events';
import type { eventChangeRequests, events } from '../db/schema';

/** A change request as the organizer and the truck see it, with the event's zone and title. */
export function toChangeRequestDto(
  change: typeof eventChangeRequests.$inferSelect,
  event: Pick<typeof events.$inferSelect, 'timeZone' | 'title'>,
): ChangeRequestDto {
  const previous = computeEventInstants(
    change.previousDate,
    change.previousStartTime,
    change.previousEndTime,
    event.timeZone,
  );
  return {
    id: change.id,
    eventId: change.eventId,
    status: change.status,
    date: change.date,
    startTime: change.startTime,
    endTime: change.endTime,
    location: change.location,
    startsAt: change.startsAt.toISOString(),
    endsAt: change.endsAt.toISOString(),
    previousStartsAt: previous.startsAt.toISOString(),
    previousEndsAt: previous.endsAt.toISOString(),
    previousDate: change.previousDate,
    previousStartTime: change.previousStartTime,
    previousEndTime: change.previousEndTime,
    previousLocation: change.previousLocation,
    timeZone: event.timeZone,
    answerBy: change.answerBy.toISOString(),
    answeredAt: change.answeredAt?.toISOString() ?? null,
    response: change.response,
    createdAt: change.createdAt.toISOString(),
    eventTitle: event.title,
  };
}
