import { calledOffBy, calledOffSentence } from '../../core/call-off';
import { asCurrency } from '../../core/currency';
import { isLanguage, type Language } from '../../core/language';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { EventOutcome } from '../../core/status-plan';
import type { events, pendingOrders, users } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { calledOff, calledOffByKey, wordsFor } from '../outbox/mail-words';
import { orderThread } from '../outbox/order-thread';
import { composeMail, renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof pendingOrders.$inferSelect;

/** Who called the event off, naming the organizer or truck, in the reader's language. */
function cancelledBy(event: EventRow, organizer: UserRow, truck: UserRow, language: Language): string {
  const names = { organizer: organizer.username, truck: truck.businessName ?? truck.username };
  if (language === 'en') return calledOffBy(event, names);
  const t = translator(language);
  const key = calledOffByKey(event);
  const who = t(`mail:calledOff.by.${key}`);
  const name = key === 'organizer' ? names.organizer : key === 'truck' ? names.truck : null;
  return name ? t('mail:outcome.byNamed', { who, name }) : who;
}

/**
 * One mail to one party (the organizer or the truck) about the event's outcome, in the reader's saved
 * language (decision 229), amounts in the event's currency.
 */
export function eventOutcomeMail(
  outcome: EventOutcome,
  event: EventRow,
  reader: UserRow,
  parties: { organizer: UserRow; truck: UserRow },
  baseUrl: string,
) {
  const language: Language = isLanguage(reader.language) ? reader.language : 'en';
  const t = translator(language);
  const locale = intlLocale(language);
  const money = (minor: number) => formatCents(minor, asCurrency(event.currency), locale);
  const goal = money(event.minimumSales);
  const sales = money(event.currentSales);
  const greeting = t('mail:outcome.greeting', { name: reader.businessName ?? reader.username });
  const when = t('mail:outcome.when', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    time: formatEventTime(event.startsAt, event.timeZone, locale),
  });
  const named = t('mail:outcome.title', { title: event.title, when });
  const subject = (key: string) => t(`mail:outcome.${key}`, { title: event.title });
  const by = () => cancelledBy(event, parties.organizer, parties.truck, language);
  const reason = event.cancelNote ? [t('mail:outcome.reasonGiven', { note: event.cancelNote })] : [];
  const open = { label: t('mail:outcome.open'), url: `${baseUrl}/events/public/${event.id}` };
  // Every outcome's mail greets the reader by name; those of an event still on show link to its page.
  const mail = (
    kind: string,
    subjectText: string,
    paragraphs: string[],
    action?: { label: string; url: string },
  ) => composeMail(kind, subjectText, { language, greeting, paragraphs, ...(action ? { action } : {}) });
  switch (outcome) {
    case 'goal-reached':
      return mail(
        'event-goal-reached',
        subject('goalReachedSubject'),
        [t('mail:outcome.goalReached', { event: named, goal }), t('mail:outcome.keepsTaking')],
        open,
      );
    case 'confirmed':
      return mail(
        'event-confirmed',
        subject('confirmedSubject'),
        [t('mail:outcome.confirmed', { event: named, sales, goal })],
        open,
      );
    case 'cancelled':
      return mail('event-called-off', subject('cancelledSubject'), [
        t('mail:outcome.cancelled', { event: named, by: by() }),
        ...reason,
        t('mail:outcome.everyDinerTold'),
      ]);
    case 'cut-short':
      return mail('event-cut-short', subject('cutShortSubject'), [
        t('mail:outcome.cutShort', { event: named, by: by() }),
        ...reason,
        t('mail:outcome.collectedStay', { sales }),
      ]);
    case 'payment-failed':
      return mail('event-payment-failed', subject('paymentFailedSubject'), [
        t('mail:outcome.paymentFailed', { event: named, goal, sales }),
        t('mail:outcome.willNotTakePlace'),
      ]);
  }
}

/**
 * The event was cut short after this diner collected their food: the order stands and stays charged
 * (decision 127), and they hear why the event ended early like everyone else, in their checkout's
 * language.
 */
export function orderKeptMail(order: OrderRow, event: EventRow) {
  const words = wordsFor(order);
  const { t, language, locale } = words;
  const why =
    calledOffSentence(event.title, event) !== null
      ? calledOff(event, words)
      : t('mail:outcome.endedEarly', { title: event.title });
  return {
    kind: 'order-kept',
    to: order.customerEmail,
    thread: orderThread(order),
    subject: t('mail:outcome.keptSubject', { title: event.title }),
    ...renderMail({
      language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        why,
        t('mail:outcome.kept', {
          amount: formatCents(order.totalAmount, asCurrency(order.currency), locale),
        }),
      ],
      footer: t('mail:order.footer'),
    }),
  };
}
