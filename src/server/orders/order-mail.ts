import type { Language } from '../../core/language';
import { visiblePickupCode } from '../../core/fulfilment';
import { asCurrency } from '../../core/currency';
import { formatCents } from '../../core/money';
import { itemiseOrder, receiptSummary } from '../../core/receipt';
import { formatEventDate, formatEventInstant, formatEventTime } from '../../core/time';
import type { events, MailAttachmentRow, pendingOrders } from '../db/schema';
import { pickupQrImageUrl } from '../bookings/pickup-qr';
import { calendarAttachment } from '../calendar/build-calendar-file';
import { toCalendarEvent } from '../calendar/load-calendar-event';
import { orderThread } from '../outbox/order-thread';
import { renderMail, type MailContent } from '../outbox/templates';
import { calledOff, wordsFor, type Words } from '../outbox/mail-words';
import type { OrderLineRow } from './order-queries';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

function when(event: EventRow, { t, locale }: Words): string {
  return t('mail:order.when', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    time: formatEventTime(event.startsAt, event.timeZone, locale),
  });
}

const footer = ({ t }: Words) => t('mail:order.footer');

/** An amount of the order in its currency, written as the diner's language writes it (decision 231). */
const moneyOf =
  (order: OrderRow, { locale }: Words) =>
  (minor: number) =>
    formatCents(minor, asCurrency(order.currency), locale);

/**
 * The event's calendar file for a receipt. Every diner of an event gets the same file, and building it
 * costs more than the rest of the mail, so the last few are kept (keyed by what the file says).
 */
const calendarFiles = new Map<string, MailAttachmentRow>();

function eventCalendarFile(event: EventRow, link: string, language: Language): MailAttachmentRow {
  const url = new URL(link);
  const input = { ...toCalendarEvent(event, null, url.origin), language };
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
function pickup(
  order: OrderRow,
  link: string,
  { t }: Words,
): Pick<MailContent, 'image'> & { line: string | null } {
  const code = visiblePickupCode(order);
  if (!code) return { line: null };
  const baseUrl = link.slice(0, Math.max(0, link.indexOf('/events/public/')));
  return {
    line: t('mail:order.pickupLine', { code }),
    image: {
      src: pickupQrImageUrl(baseUrl, order.eventId, code),
      alt: t('mail:order.pickupAlt', { code }),
      width: 160,
    },
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
  words: Words,
): MailContent['table'] {
  const { t } = words;
  const money = moneyOf(order, words);
  const itemised = itemiseOrder(lines, event.priceMarkupPercentage, {
    taxCents: order.taxAmount,
    tipCents: order.tipAmount,
    chargedCents: order.totalAmount,
    discountCents: order.discountAmount,
    giftCents: order.donationAmount,
    giftFeeCents: order.donationFeeAmount,
  });
  return {
    caption: t('mail:order.receiptCaption'),
    rows: [
      ...lines.map((line, i) => ({
        label: `${line.quantity} × ${line.name}`,
        amount: money(itemised.lines[i]!.total),
      })),
      ...receiptSummary(itemised.totals).map((row) => ({
        label: t(`common:receipt.${row.key}`),
        amount: money(row.cents),
      })),
    ],
  };
}

export function orderReceivedMail(
  order: OrderRow,
  event: EventRow,
  link: string,
  lines: readonly OrderLineRow[],
) {
  const words = wordsFor(order);
  const { t } = words;
  const amount = moneyOf(order, words)(order.totalAmount);
  // The order that takes the event to its goal is charged right away and can no longer be cancelled.
  const funded = event.status === 'processing' || event.status === 'confirmed';
  const held = funded
    ? t('mail:orderReceived.funded', { amount })
    : order.mode === 'hold'
      ? t('mail:orderReceived.held', { amount })
      : t('mail:orderReceived.saved', { amount });
  const code = pickup(order, link, words);
  return {
    kind: 'order-received',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: t('mail:orderReceived.subject', { title: event.title }),
    ...renderMail({
      language: words.language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        t('mail:orderReceived.thanks', {
          title: event.title,
          when: when(event, words),
          location: event.location,
        }),
        held,
        ...(funded ? [] : [t('mail:orderReceived.cancelAnytime')]),
        ...(code.line ? [code.line] : []),
      ],
      table: receiptTable(order, event, lines, words),
      image: code.image,
      action: { label: funded ? t('mail:order.viewOrder') : t('mail:order.viewOrCancel'), url: link },
      footer: footer(words),
    }),
    // The event in the diner's calendar, in its own time zone.
    attachments: [eventCalendarFile(event, link, words.language)],
  };
}

export function orderChargedMail(
  order: OrderRow,
  event: EventRow,
  link: string,
  lines: readonly OrderLineRow[],
) {
  const words = wordsFor(order);
  const { t } = words;
  const code = pickup(order, link, words);
  return {
    kind: 'order-charged',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: t('mail:orderCharged.subject', { title: event.title }),
    ...renderMail({
      language: words.language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        t('mail:orderCharged.body', { title: event.title, amount: moneyOf(order, words)(order.totalAmount) }),
        t('mail:orderCharged.seeYou', { when: when(event, words), location: event.location }),
        ...(code.line ? [code.line] : []),
      ],
      table: receiptTable(order, event, lines, words),
      image: code.image,
      action: { label: t('mail:order.viewOrder'), url: link },
      footer: footer(words),
    }),
  };
}

export function orderCancelledMail(order: OrderRow, event: EventRow, reason: 'diner' | 'event' | 'unpaid') {
  const words = wordsFor(order);
  const { t } = words;
  const title = event.title;
  const eventGoesOn =
    event.status === 'approved' || event.status === 'processing' || event.status === 'confirmed';
  const paragraphs =
    reason === 'diner'
      ? [t('mail:orderCancelled.byDiner', { title })]
      : reason === 'unpaid'
        ? [t('mail:orderCancelled.unpaid', { title }), t('mail:orderCancelled.unpaidNotCharged')]
        : eventGoesOn
          ? [t('mail:orderCancelled.late', { title }), t('mail:orderCancelled.lateNotCharged')]
          : event.cancelReason === 'unfunded'
            ? [t('mail:orderCancelled.unfunded', { title }), t('mail:orderCancelled.neverCharged')]
            : [calledOff(event, words), t('mail:orderCancelled.neverCharged')];
  return {
    kind: reason === 'diner' ? 'order-cancelled' : reason === 'unpaid' ? 'order-unpaid' : 'event-cancelled',
    to: order.customerEmail,
    thread: orderThread(order),
    subject:
      reason === 'diner'
        ? t('mail:orderCancelled.subjectByDiner', { title })
        : reason === 'unpaid' || eventGoesOn
          ? t('mail:orderCancelled.subjectNotPlaced', { title })
          : event.cutShortAt
            ? t('mail:orderCancelled.subjectEndedEarly', { title })
            : t('mail:orderCancelled.subjectCancelled', { title }),
    ...renderMail({
      language: words.language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs,
      footer: footer(words),
    }),
  };
}

/** An off-session charge failed, or a hold lapsed: the diner has 48 hours to pay again. */
export function fixPaymentMail(order: OrderRow, event: EventRow, link: string, why: 'declined' | 'lapsed') {
  const words = wordsFor(order);
  const { t } = words;
  const deadline = order.fixPaymentDeadline
    ? formatEventInstant(order.fixPaymentDeadline, event.timeZone, words.locale)
    : t('mail:fixPayment.within48Hours');
  const first =
    why === 'declined'
      ? order.failureMessage
        ? t('mail:fixPayment.declinedBecause', { title: event.title, reason: order.failureMessage })
        : t('mail:fixPayment.declined', { title: event.title })
      : t('mail:fixPayment.lapsed', { title: event.title });
  return {
    kind: why === 'declined' ? 'fix-payment' : 'hold-lapsed',
    thread: orderThread(order),
    to: order.customerEmail,
    subject:
      why === 'declined'
        ? t('mail:fixPayment.subjectDeclined', { title: event.title })
        : t('mail:fixPayment.subjectLapsed', { title: event.title }),
    ...renderMail({
      language: words.language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [first, t('mail:fixPayment.payAgainBy', { deadline })],
      action: {
        label: why === 'declined' ? t('mail:fixPayment.fixAction') : t('mail:fixPayment.authorizeAction'),
        url: link,
      },
      footer: footer(words),
    }),
  };
}

/** The truck marked the order ready at its window. */
export function orderReadyMail(order: OrderRow, event: EventRow, truckName: string) {
  const words = wordsFor(order);
  const { t } = words;
  const code = visiblePickupCode(order);
  return {
    kind: 'order-ready',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: t('mail:orderReady.subject', { title: event.title }),
    ...renderMail({
      language: words.language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        t('mail:orderReady.ready', { truck: truckName, title: event.title }),
        code ? t('mail:orderReady.showCode', { code }) : t('mail:orderReady.giveName'),
      ],
      footer: footer(words),
    }),
  };
}
