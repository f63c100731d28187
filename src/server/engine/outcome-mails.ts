import { calledOffBy, calledOffSentence } from '../../core/call-off';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { EventOutcome } from '../../core/status-plan';
import type { events, pendingOrders, users } from '../db/schema';
import { orderThread } from '../outbox/order-thread';
import { composeMail, renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof pendingOrders.$inferSelect;

function when(event: EventRow): string {
  return `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTime(event.startsAt, event.timeZone)}`;
}

function cancelledBy(event: EventRow, organizer: UserRow, truck: UserRow): string {
  return calledOffBy(event, {
    organizer: organizer.username,
    truck: truck.businessName ?? truck.username,
  });
}

/** One mail to one party (the organizer or the truck) about the event's outcome. */
export function eventOutcomeMail(
  outcome: EventOutcome,
  event: EventRow,
  reader: UserRow,
  parties: { organizer: UserRow; truck: UserRow },
  baseUrl: string,
) {
  const greeting = `Hi ${reader.businessName ?? reader.username},`;
  const title = `"${event.title}" on ${when(event)}`;
  const eventUrl = `${baseUrl}/events/public/${event.id}`;
  // Every outcome's mail greets the reader by name; those of an event still on show link to its page.
  const mail = (
    kind: string,
    subject: string,
    paragraphs: string[],
    action?: { label: string; url: string },
  ) => composeMail(kind, subject, { greeting, paragraphs, ...(action ? { action } : {}) });
  switch (outcome) {
    case 'goal-reached':
      return mail(
        'event-goal-reached',
        `Goal reached: ${event.title}`,
        [
          `${title} reached its minimum sales goal of ${formatCents(event.minimumSales)}. Diners' cards are being charged now.`,
          'The event keeps taking pre-orders until it starts; new orders are charged at once.',
        ],
        { label: 'Open the event page', url: eventUrl },
      );
    case 'confirmed':
      return mail(
        'event-confirmed',
        `Confirmed: ${event.title}`,
        [
          `${title} is confirmed: ${formatCents(event.currentSales)} of food sales have been charged, covering the goal of ${formatCents(event.minimumSales)}.`,
        ],
        { label: 'Open the event page', url: eventUrl },
      );
    case 'cancelled':
      return mail('event-called-off', `Cancelled: ${event.title}`, [
        `${title} was cancelled by ${cancelledBy(event, parties.organizer, parties.truck)}.`,
        ...(event.cancelNote ? [`The reason given: "${event.cancelNote}"`] : []),
        'Every diner is told. Card holds are released and any charges are refunded in full.',
      ]);
    case 'cut-short':
      return mail('event-cut-short', `Ended early: ${event.title}`, [
        `${title} was cut short by ${cancelledBy(event, parties.organizer, parties.truck)} after it started.`,
        ...(event.cancelNote ? [`The reason given: "${event.cancelNote}"`] : []),
        `Orders already collected stay charged and count toward the payout (${formatCents(event.currentSales)} of food sales). Every other diner is told; their holds are released and their charges refunded in full.`,
      ]);
    case 'payment-failed':
      return mail('event-payment-failed', `Not enough payments went through: ${event.title}`, [
        `${title} reached its goal, but not enough of the diners' payments went through to cover the ${formatCents(event.minimumSales)} minimum (${formatCents(event.currentSales)} charged).`,
        'The event will not take place. Every diner who was charged is refunded in full.',
      ]);
  }
}

/**
 * The event was cut short after this diner collected their food: the order stands and stays charged
 * (decision 127), and they hear why the event ended early like everyone else.
 */
export function orderKeptMail(order: OrderRow, event: EventRow) {
  return {
    kind: 'order-kept',
    to: order.customerEmail,
    thread: orderThread(order),
    subject: `${event.title} ended early`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        calledOffSentence(event.title, event) ?? `"${event.title}" ended early.`,
        `You had already collected your order, so it stays paid (${formatCents(order.totalAmount)}). Diners who had not collected theirs are refunded in full.`,
      ],
      footer: 'You receive this because you pre-ordered on Food Truck Fund.',
    }),
  };
}
