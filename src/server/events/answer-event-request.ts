import { asCurrency, hundredthsToMinor, tooManyDecimalsMessage } from '../../core/currency';
import type { Db } from '../db/client';
import { DomainError } from '../domain-error';
import { answerMail } from './event-mail';
import { lockEventOf } from './event-party';
import { mailRequestParty } from './request-mail';
import { setEventStatus } from '../engine/event-engine';
import { assertGoalWithinGuarantee } from '../guarantees/offer-guarantee';
import { assertDateStillFree, lockTruck } from '../trucks/truck-availability';

export interface EventAnswer {
  status: 'approved' | 'rejected';
  minimumSales: number;
  response: string | null;
}

/**
 * The addressed truck approves (setting its minimum sales goal) or declines, only while the request
 * is pending and inside its 24 hours. The event row is locked, so a double click or a race with the
 * expiry job answers once.
 */
export async function answerEventRequest(
  db: Db,
  truckId: number,
  eventId: number,
  answer: EventAnswer,
  now: Date,
  baseUrl: string,
) {
  return db.transaction(async (tx) => {
    const event = await lockEventOf(
      tx,
      eventId,
      { truckId },
      'Only the food truck this request was sent to can answer it',
    );
    if (event.status !== 'pending_approval') {
      throw new DomainError(
        'event_request_answered',
        event.cancelReason === 'expired'
          ? 'This request has expired: it was not answered in time'
          : 'This event request has already been answered',
      );
    }
    if ((event.approvalExpiryDate && event.approvalExpiryDate <= now) || event.startsAt <= now) {
      throw new DomainError('event_request_expired', 'This request has expired: it was not answered in time');
    }
    // The goal was typed in hundredths; in the event's currency it is minor units (decision 230).
    const currency = asCurrency(event.currency);
    const goal = answer.status === 'approved' ? hundredthsToMinor(answer.minimumSales, currency) : null;
    if (answer.status === 'approved' && goal === null) {
      const message = tooManyDecimalsMessage(currency);
      throw new DomainError('amount_decimals', message, { fields: { minimumSales: message } });
    }
    if (answer.status === 'approved') {
      // One accepted event per truck and date: approvals for the same truck wait for each other here.
      await lockTruck(tx, truckId);
      await assertDateStillFree(tx, truckId, event.id, event.date);
      await assertGoalWithinGuarantee(tx, event.id, goal!, currency);
    }
    const updated = await setEventStatus(tx, event, answer.status, {
      now,
      patch: {
        minimumSales: goal ?? event.minimumSales,
        foodTruckResponse: answer.response,
        approvalDate: now,
      },
    });
    await mailRequestParty(tx, event, 'organizer', (organizer, truck) =>
      answerMail(updated, organizer, truck, baseUrl),
    );
    return updated;
  });
}
