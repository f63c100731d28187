import { asCurrency } from '../../core/currency';
import { formatCents } from '../../core/money';
import { formatEventInstant } from '../../core/time';
import type { events, users } from '../db/schema';
import { composeMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;

function when(event: EventRow): string {
  return formatEventInstant(event.startsAt, event.timeZone);
}

/** The truck's answer deadline in the event's zone, named: "Sat, Dec 5, 2026, 6:00 PM EST". */
function deadline(event: EventRow): string {
  return formatEventInstant(event.approvalExpiryDate ?? event.startsAt, event.timeZone);
}

export function approvalRequestMail(event: EventRow, organizer: UserRow, truck: UserRow, baseUrl: string) {
  return composeMail('approval-request', `New event request: ${event.title}`, {
    greeting: `Hi ${truck.businessName ?? truck.username},`,
    paragraphs: [
      `${organizer.username} would like to book your truck for "${event.title}" on ${when(event)} at ${event.location}, for about ${event.expectedDiners} diners.`,
      `Please accept and set your minimum sales goal, or decline, by ${deadline(event)}. Diners' cards are only charged once pre-orders reach your goal.`,
    ],
    action: { label: 'Review the request', url: `${baseUrl}/events/${event.id}/approve` },
  });
}

export function answerMail(event: EventRow, organizer: UserRow, truck: UserRow, baseUrl: string) {
  const truckName = truck.businessName ?? truck.username;
  const approved = event.status === 'approved';
  const paragraphs = approved
    ? [
        `${truckName} accepted "${event.title}" on ${when(event)}. Its minimum sales goal is ${formatCents(event.minimumSales, asCurrency(event.currency))}.`,
        'Your event page is live: share it so diners can pre-order. Cards are charged only when the goal is reached.',
      ]
    : [
        `${truckName} declined "${event.title}" on ${when(event)}.`,
        'You can request another truck for your event.',
      ];
  if (event.foodTruckResponse) paragraphs.push(`Their message: "${event.foodTruckResponse}"`);
  return composeMail(
    approved ? 'event-approved' : 'event-rejected',
    approved ? `Approved: ${event.title}` : `Declined: ${event.title}`,
    {
      greeting: `Hi ${organizer.username},`,
      paragraphs,
      action: approved
        ? { label: 'Open your event page', url: `${baseUrl}/events/public/${event.id}` }
        : { label: 'Create a new event', url: `${baseUrl}/events/create` },
    },
  );
}

export function expiredMail(event: EventRow, organizer: UserRow, truck: UserRow, baseUrl: string) {
  return composeMail('event-request-expired', `No answer from the truck: ${event.title}`, {
    greeting: `Hi ${organizer.username},`,
    paragraphs: [
      `${truck.businessName ?? truck.username} did not answer your request for "${event.title}" by ${deadline(event)}, so the request was cancelled.`,
      'You can request another truck for your event.',
    ],
    action: { label: 'Create a new event', url: `${baseUrl}/events/create` },
  });
}
