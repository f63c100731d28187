import { describeFundingGap } from '../../core/momentum';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import { calendarAttachment } from '../calendar/build-calendar-file';
import { toCalendarEvent } from '../calendar/load-calendar-event';
import type { events } from '../db/schema';
import { renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;

function when(event: EventRow): string {
  const end = formatEventTime(event.endsAt, event.timeZone);
  return `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTime(event.startsAt, event.timeZone)} to ${end}`;
}

export function reminderConfirmationMail(event: EventRow, email: string, confirmUrl: string) {
  return {
    kind: 'reminder-confirm',
    to: email,
    subject: `Confirm your reminder for ${event.title}`,
    ...renderMail({
      paragraphs: [
        `You asked to be reminded about "${event.title}" (${when(event)}, ${event.location}).`,
        'Confirm below and we will e-mail you once, 48 hours before it starts, if it still needs pre-orders to reach its goal.',
      ],
      action: { label: 'Confirm my reminder', url: confirmUrl },
      footer: 'If you did not ask for this, ignore this e-mail: nothing will be sent.',
    }),
  };
}

export interface DinerOrderSummary {
  name: string;
  email: string;
  lines: Array<{ quantity: number; name: string }>;
  totalCents: number;
  /** Codes to show the truck at pickup, where the order has one. */
  pickupCodes: string[];
}

/** 24 hours before the start: what the diner ordered, where, when (in the event's zone), and a calendar file. */
export function dinerReminderMail(
  event: EventRow,
  truckName: string | null,
  diner: DinerOrderSummary,
  baseUrl: string,
) {
  const ordered = diner.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
  const paragraphs = [
    `"${event.title}" is tomorrow: ${when(event)}${truckName ? `, with ${truckName}` : ''}.`,
    `Where: ${event.location}`,
    `Your order: ${ordered} (${formatCents(diner.totalCents)}).`,
  ];
  if (diner.pickupCodes.length > 0)
    paragraphs.push(
      `Show ${diner.pickupCodes.length === 1 ? 'this pickup code' : 'these pickup codes'} at the truck: ${diner.pickupCodes.join(', ')}`,
    );
  if (event.status === 'approved')
    paragraphs.push(
      `The event has not reached its goal yet (${describeFundingGap(event.currentSales, event.minimumSales)}). If it does not by the start, it is called off and your card is not charged.`,
    );
  return {
    kind: 'reminder-diner',
    to: diner.email,
    subject: `Tomorrow: ${event.title}`,
    ...renderMail({
      greeting: `Hi ${diner.name},`,
      paragraphs,
      action: { label: 'Open the event page', url: `${baseUrl}/events/public/${event.id}` },
      footer: 'You receive this because you pre-ordered on Food Truck Fund.',
    }),
    attachments: [calendarAttachment(toCalendarEvent(event, truckName, baseUrl), new URL(baseUrl).host)],
  };
}

/** 48 hours before the start, to a visitor who asked, while the goal is not met. */
export function visitorReminderMail(
  event: EventRow,
  truckName: string | null,
  email: string,
  baseUrl: string,
) {
  return {
    kind: 'reminder-visitor',
    to: email,
    subject: `48 hours left: ${event.title} is ${describeFundingGap(event.currentSales, event.minimumSales)}`,
    ...renderMail({
      paragraphs: [
        `"${event.title}" starts in 48 hours: ${when(event)}${truckName ? `, with ${truckName}` : ''}, at ${event.location}.`,
        `It is ${describeFundingGap(event.currentSales, event.minimumSales)}. Pre-order now to help it happen: your card is only charged if the goal is reached.`,
      ],
      action: { label: 'Pre-order now', url: `${baseUrl}/events/public/${event.id}` },
      footer: 'You receive this once because you asked to be reminded about this event.',
    }),
    attachments: [calendarAttachment(toCalendarEvent(event, truckName, baseUrl), new URL(baseUrl).host)],
  };
}
