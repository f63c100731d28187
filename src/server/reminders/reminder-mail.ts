import { asCurrency } from '../../core/currency';
import { isLanguage, type Language } from '../../core/language';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import { calendarAttachment } from '../calendar/build-calendar-file';
import { toCalendarEvent } from '../calendar/load-calendar-event';
import type { events } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { renderMail } from '../outbox/templates';
import { fundingGap } from '../share/share-preview';

type EventRow = typeof events.$inferSelect;

/** The link that confirms a visitor's reminder, in the language of the page they asked from (decision 229). */
export function reminderConfirmationMail(
  event: EventRow,
  email: string,
  confirmUrl: string,
  language: Language = 'en',
) {
  const t = translator(language);
  const locale = intlLocale(language);
  const span = t('mail:reminder.span', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    start: formatEventTime(event.startsAt, event.timeZone, locale),
    end: formatEventTime(event.endsAt, event.timeZone, locale),
  });
  return {
    kind: 'reminder-confirm',
    to: email,
    subject: t('mail:reminder.confirmSubject', { title: event.title }),
    ...renderMail({
      language,
      paragraphs: [
        t('mail:reminder.confirmAsked', { title: event.title, when: span, location: event.location }),
        t('mail:reminder.confirmOnce'),
      ],
      action: { label: t('mail:reminder.confirmAction'), url: confirmUrl },
      footer: t('mail:reminder.confirmFooter'),
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
  /** The language of their latest checkout: the reminder is written in it (decision 229). */
  language: string;
}

/** 24 hours before the start: what the diner ordered, where, when (in the event's zone), and a calendar file. */
export function dinerReminderMail(
  event: EventRow,
  truckName: string | null,
  diner: DinerOrderSummary,
  baseUrl: string,
) {
  const language: Language = isLanguage(diner.language) ? diner.language : 'en';
  const t = translator(language);
  const locale = intlLocale(language);
  const span = t('mail:reminder.span', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    start: formatEventTime(event.startsAt, event.timeZone, locale),
    end: formatEventTime(event.endsAt, event.timeZone, locale),
  });
  const ordered = diner.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
  const total = formatCents(diner.totalCents, asCurrency(event.currency), locale);
  const paragraphs = [
    t('mail:reminder.tomorrow', {
      title: event.title,
      when: span,
      withTruck: truckName ? t('mail:reminder.withTruck', { truck: truckName }) : '',
    }),
    t('mail:reminder.where', { location: event.location }),
    t('mail:reminder.yourOrder', { ordered, total }),
  ];
  if (diner.pickupCodes.length > 0)
    paragraphs.push(
      t(diner.pickupCodes.length === 1 ? 'mail:reminder.showCode' : 'mail:reminder.showCodes', {
        codes: diner.pickupCodes.join(', '),
      }),
    );
  if (event.status === 'approved')
    paragraphs.push(t('mail:reminder.notYet', { gap: fundingGap(event, language, 'mail:reminder') }));
  return {
    kind: 'reminder-diner',
    to: diner.email,
    subject: t('mail:reminder.subject', { title: event.title }),
    ...renderMail({
      language,
      greeting: t('mail:order.greeting', { name: diner.name }),
      paragraphs,
      action: { label: t('mail:reminder.open'), url: `${baseUrl}/events/public/${event.id}` },
      footer: t('mail:order.footer'),
    }),
    attachments: [
      calendarAttachment({ ...toCalendarEvent(event, truckName, baseUrl), language }, new URL(baseUrl).host),
    ],
  };
}

/**
 * 48 hours before the start, to a visitor who asked, while the goal is not met: in the language of the
 * page they asked from (decision 229), the gap in the event's currency.
 */
export function visitorReminderMail(
  event: EventRow,
  truckName: string | null,
  email: string,
  baseUrl: string,
  language: Language = 'en',
) {
  const t = translator(language);
  const locale = intlLocale(language);
  const gap = fundingGap(event, language, 'mail:reminder');
  const span = t('mail:reminder.span', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    start: formatEventTime(event.startsAt, event.timeZone, locale),
    end: formatEventTime(event.endsAt, event.timeZone, locale),
  });
  return {
    kind: 'reminder-visitor',
    to: email,
    subject: t('mail:reminder.visitorSubject', { title: event.title, gap }),
    ...renderMail({
      language,
      paragraphs: [
        t('mail:reminder.visitorStarts', {
          title: event.title,
          when: span,
          withTruck: truckName ? t('mail:reminder.withTruck', { truck: truckName }) : '',
          location: event.location,
        }),
        t('mail:reminder.visitorGap', { gap }),
      ],
      action: { label: t('mail:reminder.visitorAction'), url: `${baseUrl}/events/public/${event.id}` },
      footer: t('mail:reminder.visitorFooter'),
    }),
    attachments: [
      calendarAttachment({ ...toCalendarEvent(event, truckName, baseUrl), language }, new URL(baseUrl).host),
    ],
  };
}
