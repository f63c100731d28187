import { calledOffSentence } from '../../core/call-off';
import { visiblePickupCode } from '../../core/fulfilment';
import { formatCents } from '../../core/money';
import { itemiseOrder, receiptSummary } from '../../core/receipt';
import { formatEventDate, formatEventInstant, formatEventTime } from '../../core/time';
import type { events, MailAttachmentRow, pendingOrders } from '../db/schema';
import { pickupQrImageUrl } from '../bookings/pickup-qr';
import { calendarAttachment } from '../calendar/build-calendar-file';
import { toCalendarEvent } from '../calendar/load-calendar-event';
import { orderThread } from '../outbox/order-thread';
import { renderMail, type MailContent } from '../outbox/templates';
import type { OrderLineRow } from './order-queries';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

function when(event: EventRow): string {
  return `${formatEventDate(event.startsAt, event.timeZone)} at ${formatEventTime(event.startsAt, event.timeZone)}`;
}

const footer = 'You receive this because you pre-ordered on Food Truck Fund.';

/**
 * The event's calendar file for a receipt. Every diner of an event gets the same file, and building it
 * costs more than the rest of the mail, so the last few are kept (keyed by what the file says).
 */
const calendarFiles = new Map<string, MailAttachmentRow>();

function eventCalendarFile(event: EventRow, link: string): MailAttachmentRow {
  const url = new URL(link);
  const input = toCalendarEvent(event, null, url.origin);
  const key = JSON.stringify([input, url.host]);
  let file = calendarFiles.get(key);
  if (!file) {
    file = calendarAttachment(input, url.host);
    if (calendarFiles.size >= 64) calendarFiles.delete(calendarFiles.keys().next().value!);
    calendarFiles.set(key, file);
  }
  return file;
}

/**
 * The pickup code as a line of text and as a QR picture. The picture is loaded from the site (mail
 * clients block inline data images); the site's address is the part of the order link before the page.
 */
function pickup(order: OrderRow, link: string): Pick<MailContent, 'image'> & { line: string | null } {
  const code = visiblePickupCode(order);
  if (!code) return { line: null };
  const baseUrl = link.slice(0, Math.max(0, link.indexOf('/events/public/')));
  return {
    line: `Your pickup code is ${code}. Show it (or the QR code) at the truck's window to collect your food.`,
    image: { src: pickupQrImageUrl(baseUrl, order.eventId, code), alt: `Pickup code ${code}`, width: 160 },
  };
}

/**
 * The order itemised as on its confirmation page (decision 199): each item, then food, markup, fee,
 * sales tax and tip when not zero, then the total charged, from the same core function as the page.
 */
function receiptTable(
  order: OrderRow,
  event: EventRow,
  lines: readonly OrderLineRow[],
): MailContent['table'] {
  const itemised = itemiseOrder(lines, event.priceMarkupPercentage, {
    taxCents: order.taxAmount,
    tipCents: order.tipAmount,
    chargedCents: order.totalAmount,
    discountCents: order.discountAmount,
    giftCents: order.donationAmount,
    giftFeeCents: order.donationFeeAmount,
  });
  return {
    caption: 'Your order',
    rows: [
      ...lines.map((line, i) => ({
        label: `${line.quantity} × ${line.name}`,
        amount: formatCents(itemised.lines[i]!.total),
      })),
      ...receiptSummary(itemised.totals).map((row) => ({ label: row.label, amount: formatCents(row.cents) })),
    ],
  };
}

export function orderReceivedMail(
  order: OrderRow,
  event: EventRow,
  link: string,
  lines: readonly OrderLineRow[],
) {
  // The order that takes the event to its goal is charged right away and can no longer be cancelled.
  const funded = event.status === 'processing' || event.status === 'confirmed';
  const held = funded
    ? `With your order the event reached its funding goal, so your card is being charged ${formatCents(order.totalAmount)} now. Orders can no longer be cancelled.`
    : order.mode === 'hold'
      ? `Your card has been authorized for ${formatCents(order.totalAmount)}. It will be charged only when the event reaches its funding goal.`
      : `Your card has been saved. ${formatCents(order.totalAmount)} will be charged only when the event reaches its funding goal.`;
  const code = pickup(order, link);
  return {
    kind: 'order-received',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: `Your pre-order for ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `Thank you for your pre-order for "${event.title}" on ${when(event)} at ${event.location}.`,
        held,
        ...(funded ? [] : ['You can cancel anytime before then from the link below.']),
        ...(code.line ? [code.line] : []),
      ],
      table: receiptTable(order, event, lines),
      image: code.image,
      action: { label: funded ? 'View your order' : 'View or cancel your order', url: link },
      footer,
    }),
    // The event in the diner's calendar, in its own time zone.
    attachments: [eventCalendarFile(event, link)],
  };
}

export function orderChargedMail(
  order: OrderRow,
  event: EventRow,
  link: string,
  lines: readonly OrderLineRow[],
) {
  const code = pickup(order, link);
  return {
    kind: 'order-charged',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: `Charged: ${event.title} reached its goal`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `"${event.title}" reached its funding goal, so your order is on: your card was charged ${formatCents(order.totalAmount)}.`,
        `See you on ${when(event)} at ${event.location}.`,
        ...(code.line ? [code.line] : []),
      ],
      table: receiptTable(order, event, lines),
      image: code.image,
      action: { label: 'View your order', url: link },
      footer,
    }),
  };
}

export function orderCancelledMail(order: OrderRow, event: EventRow, reason: 'diner' | 'event' | 'unpaid') {
  const eventGoesOn =
    event.status === 'approved' || event.status === 'processing' || event.status === 'confirmed';
  const paragraphs =
    reason === 'diner'
      ? [
          `Your pre-order for "${event.title}" was cancelled. The hold on your card has been released; you were not charged.`,
        ]
      : reason === 'unpaid'
        ? [
            `The time to pay again for your pre-order for "${event.title}" has passed, so the order was cancelled.`,
            'You were not charged for it.',
          ]
        : eventGoesOn
          ? [
              `We could not take your pre-order for "${event.title}": it came in after the event stopped taking orders.`,
              'Your card was not charged, and any hold on it has been released.',
            ]
          : event.cancelReason === 'unfunded'
            ? [
                `"${event.title}" did not reach its funding goal before it started, so it will not take place.`,
                'Your card was never charged, and the hold on it has been released.',
              ]
            : [
                calledOffSentence(event.title, event) ?? `"${event.title}" was cancelled.`,
                'Your card was never charged, and the hold on it has been released.',
              ];
  return {
    kind: reason === 'diner' ? 'order-cancelled' : reason === 'unpaid' ? 'order-unpaid' : 'event-cancelled',
    to: order.customerEmail,
    thread: orderThread(order),
    subject:
      reason === 'diner'
        ? `Cancelled: your pre-order for ${event.title}`
        : reason === 'unpaid' || eventGoesOn
          ? `Not placed: your pre-order for ${event.title}`
          : event.cutShortAt
            ? `${event.title} ended early`
            : `${event.title} is cancelled`,
    ...renderMail({ greeting: `Hi ${order.customerName},`, paragraphs, footer }),
  };
}

/** An off-session charge failed, or a hold lapsed: the diner has 48 hours to pay again. */
export function fixPaymentMail(order: OrderRow, event: EventRow, link: string, why: 'declined' | 'lapsed') {
  const deadline = order.fixPaymentDeadline
    ? formatEventInstant(order.fixPaymentDeadline, event.timeZone)
    : 'within 48 hours';
  const first =
    why === 'declined'
      ? `We could not charge your card for your pre-order for "${event.title}"${order.failureMessage ? `: ${order.failureMessage}` : '.'}`
      : `The authorization on your card for "${event.title}" expired before the event reached its goal, so your order no longer counts toward it.`;
  return {
    kind: why === 'declined' ? 'fix-payment' : 'hold-lapsed',
    thread: orderThread(order),
    to: order.customerEmail,
    subject:
      why === 'declined'
        ? `Action needed: payment for ${event.title}`
        : `Please authorize your card again for ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [first, `Please pay with a card again by ${deadline} to keep your order.`],
      action: { label: why === 'declined' ? 'Fix your payment' : 'Authorize again', url: link },
      footer,
    }),
  };
}

/** The truck marked the order ready at its window. */
export function orderReadyMail(order: OrderRow, event: EventRow, truckName: string) {
  const code = visiblePickupCode(order);
  return {
    kind: 'order-ready',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: `Your order is ready: ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `${truckName} has your order for "${event.title}" ready at the window.`,
        code ? `Show your pickup code ${code} to collect it.` : 'Give your name at the window to collect it.',
      ],
      footer,
    }),
  };
}
