import { hasReachedGoal } from '../../core/event-status';
import { holdMayLapseBefore } from '../../core/order-status';
import { formatEventDate, formatEventTime } from '../../core/time';
import { computeEventInstants } from '../../core/zoned-time';
import type { eventChangeRequests, events, pendingOrders, users } from '../db/schema';
import { orderThread } from '../outbox/order-thread';
import { composeMail, renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type ChangeRow = typeof eventChangeRequests.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof pendingOrders.$inferSelect;

/** "Sat, Dec 5, 2026, 6:00 PM CST to 9:00 PM CST at Main Street Park", in the event's zone. */
function plan(date: string, startTime: string, endTime: string, location: string, timeZone: string): string {
  const { startsAt, endsAt } = computeEventInstants(date, startTime, endTime, timeZone);
  return `${formatEventDate(startsAt, timeZone)}, ${formatEventTime(startsAt, timeZone)} to ${formatEventTime(endsAt, timeZone)} at ${location}`;
}

export function newPlan(change: ChangeRow, timeZone: string): string {
  return plan(change.date, change.startTime, change.endTime, change.location, timeZone);
}

export function previousPlan(change: ChangeRow, timeZone: string): string {
  return plan(
    change.previousDate,
    change.previousStartTime,
    change.previousEndTime,
    change.previousLocation,
    timeZone,
  );
}

/** An instant in the event's zone, with the zone named: "Sat, Dec 5, 2026, 6:00 PM CST". */
function at(instant: Date, timeZone: string): string {
  return `${formatEventDate(instant, timeZone)}, ${formatEventTime(instant, timeZone)}`;
}

const truckName = (truck: UserRow) => truck.businessName ?? truck.username;

/** What each mail to a party about a change request is written from. */
export interface ChangeMailFacts {
  event: EventRow;
  change: ChangeRow;
  organizer: UserRow;
  truck: UserRow;
  baseUrl: string;
}

/** To the addressed truck: the organizer asks to move the event; accept or decline by the deadline. */
export function changeRequestMail({ event, change, organizer, truck, baseUrl }: ChangeMailFacts) {
  return composeMail('event-change-request', `Change requested: ${event.title}`, {
    greeting: `Hi ${truckName(truck)},`,
    paragraphs: [
      `${organizer.username} would like to move "${event.title}" to ${newPlan(change, event.timeZone)}.`,
      `Until now it is ${previousPlan(change, event.timeZone)}, and it stays so unless you accept.`,
      `Please accept or decline by ${at(change.answerBy, event.timeZone)}. Without an answer by then, the change lapses and the event keeps its current date and place.`,
    ],
    action: { label: 'Review the change', url: `${baseUrl}/profile` },
  });
}

/** To the organizer: the truck accepted or declined the change. */
export function changeAnswerMail({ event, change, organizer, truck, baseUrl }: ChangeMailFacts) {
  const accepted = change.status === 'accepted';
  const paragraphs = accepted
    ? [
        `${truckName(truck)} accepted your change: "${event.title}" is now ${newPlan(change, event.timeZone)}.`,
        'Every diner with an order has been told by e-mail; they may cancel for a full refund until the new start.',
      ]
    : [
        `${truckName(truck)} declined your change to "${event.title}". The event stays ${previousPlan(change, event.timeZone)}.`,
      ];
  if (change.response) paragraphs.push(`Their message: "${change.response}"`);
  return composeMail(
    accepted ? 'event-change-accepted' : 'event-change-declined',
    accepted ? `Change accepted: ${event.title}` : `Change declined: ${event.title}`,
    {
      greeting: `Hi ${organizer.username},`,
      paragraphs,
      action: { label: 'Open your event', url: `${baseUrl}/my-events/${event.id}` },
    },
  );
}

/** To the organizer: the truck did not answer by the deadline; the event keeps its date and place. */
export function changeLapsedMail({ event, change, organizer, truck, baseUrl }: ChangeMailFacts) {
  return composeMail('event-change-lapsed', `No answer to your change: ${event.title}`, {
    greeting: `Hi ${organizer.username},`,
    paragraphs: [
      `${truckName(truck)} did not answer your change to "${event.title}" by ${at(change.answerBy, event.timeZone)}, so it lapsed.`,
      `The event stays ${previousPlan(change, event.timeZone)}.`,
    ],
    action: { label: 'Open your event', url: `${baseUrl}/my-events/${event.id}` },
  });
}

/**
 * To a diner with a live order: the event moved. They may cancel until the new start, for a release of
 * their hold or a full refund of their charge, whether or not the goal was reached.
 */
export function dinerChangeMail(order: OrderRow, event: EventRow, change: ChangeRow, link: string) {
  const money =
    order.status === 'charged'
      ? 'you can cancel your order for a full refund'
      : order.status === 'failed'
        ? 'you can cancel your order'
        : 'you can cancel your order and your card hold is released';
  const paragraphs = [
    `"${event.title}" has moved. It is now ${newPlan(change, event.timeZone)}.`,
    `It was ${previousPlan(change, event.timeZone)}.`,
    `Your order #${order.id} stays as it is. If the new date or place doesn't suit you, ${money} until the new start (${at(event.startsAt, event.timeZone)}).`,
  ];
  // A hold lasts 4 days 18 hours: one the later start outruns is asked for again if it lapses (decision 131).
  if (
    order.status === 'confirmed' &&
    order.mode === 'hold' &&
    order.authorizedAt &&
    !hasReachedGoal(event.status) &&
    holdMayLapseBefore(order.authorizedAt, event.startsAt)
  ) {
    paragraphs.push(
      'Card holds last only a few days, and the new date is further away: if your hold expires before the goal is reached, we will e-mail you a link to confirm your card again.',
    );
  }
  return {
    kind: 'event-changed',
    thread: orderThread(order),
    subject: `Changed: ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs,
      action: { label: 'See your order', url: link },
      footer: 'You receive this because you pre-ordered on Food Truck Fund.',
    }),
  };
}
