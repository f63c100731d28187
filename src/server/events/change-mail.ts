import { hasReachedGoal } from '../../core/event-status';
import { isLanguage, type Language } from '../../core/language';
import { holdMayLapseBefore } from '../../core/order-status';
import { formatEventDate, formatEventTime } from '../../core/time';
import { computeEventInstants } from '../../core/zoned-time';
import type { eventChangeRequests, events, pendingOrders, users } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { orderThread } from '../outbox/order-thread';
import { composeMail, renderMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type ChangeRow = typeof eventChangeRequests.$inferSelect;
type UserRow = typeof users.$inferSelect;
type OrderRow = typeof pendingOrders.$inferSelect;

/** A reader's words (decision 229): an account's saved language, a diner's checkout's; English if none. */
function wordsOf(saved: string | null) {
  const language: Language = isLanguage(saved) ? saved : 'en';
  return { language, t: translator(language), locale: intlLocale(language) };
}
type Words = ReturnType<typeof wordsOf>;
const ENGLISH = wordsOf('en');

/** "Sat, Dec 5, 2026, 6:00 PM CST to 9:00 PM CST at Main Street Park", in the event's zone. */
function plan(
  date: string,
  startTime: string,
  endTime: string,
  location: string,
  timeZone: string,
  { t, locale }: Words,
): string {
  const { startsAt, endsAt } = computeEventInstants(date, startTime, endTime, timeZone);
  return t('mail:change.plan', {
    date: formatEventDate(startsAt, timeZone, locale),
    start: formatEventTime(startsAt, timeZone, locale),
    end: formatEventTime(endsAt, timeZone, locale),
    location,
  });
}

export function newPlan(change: ChangeRow, timeZone: string, words: Words = ENGLISH): string {
  return plan(change.date, change.startTime, change.endTime, change.location, timeZone, words);
}

export function previousPlan(change: ChangeRow, timeZone: string, words: Words = ENGLISH): string {
  return plan(
    change.previousDate,
    change.previousStartTime,
    change.previousEndTime,
    change.previousLocation,
    timeZone,
    words,
  );
}

/** An instant in the event's zone, with the zone named: "Sat, Dec 5, 2026, 6:00 PM CST". */
function at(instant: Date, timeZone: string, { t, locale }: Words): string {
  return t('mail:change.at', {
    date: formatEventDate(instant, timeZone, locale),
    time: formatEventTime(instant, timeZone, locale),
  });
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
  const words = wordsOf(truck.language);
  const { t, language } = words;
  return composeMail('event-change-request', t('mail:change.requestSubject', { title: event.title }), {
    language,
    greeting: t('mail:change.greeting', { name: truckName(truck) }),
    paragraphs: [
      t('mail:change.request', {
        organizer: organizer.username,
        title: event.title,
        plan: newPlan(change, event.timeZone, words),
      }),
      t('mail:change.untilNow', { plan: previousPlan(change, event.timeZone, words) }),
      t('mail:change.answerBy', { deadline: at(change.answerBy, event.timeZone, words) }),
    ],
    action: { label: t('mail:change.review'), url: `${baseUrl}/profile` },
  });
}

/** To the organizer: the truck accepted or declined the change. */
export function changeAnswerMail({ event, change, organizer, truck, baseUrl }: ChangeMailFacts) {
  const words = wordsOf(organizer.language);
  const { t, language } = words;
  const accepted = change.status === 'accepted';
  const paragraphs = accepted
    ? [
        t('mail:change.accepted', {
          truck: truckName(truck),
          title: event.title,
          plan: newPlan(change, event.timeZone, words),
        }),
        t('mail:change.dinersTold'),
      ]
    : [
        t('mail:change.declined', {
          truck: truckName(truck),
          title: event.title,
          plan: previousPlan(change, event.timeZone, words),
        }),
      ];
  if (change.response) paragraphs.push(t('mail:change.theirMessage', { message: change.response }));
  return composeMail(
    accepted ? 'event-change-accepted' : 'event-change-declined',
    t(accepted ? 'mail:change.acceptedSubject' : 'mail:change.declinedSubject', { title: event.title }),
    {
      language,
      greeting: t('mail:change.greeting', { name: organizer.username }),
      paragraphs,
      action: { label: t('mail:change.openEvent'), url: `${baseUrl}/my-events/${event.id}` },
    },
  );
}

/** To the organizer: the truck did not answer by the deadline; the event keeps its date and place. */
export function changeLapsedMail({ event, change, organizer, truck, baseUrl }: ChangeMailFacts) {
  const words = wordsOf(organizer.language);
  const { t, language } = words;
  return composeMail('event-change-lapsed', t('mail:change.lapsedSubject', { title: event.title }), {
    language,
    greeting: t('mail:change.greeting', { name: organizer.username }),
    paragraphs: [
      t('mail:change.lapsed', {
        truck: truckName(truck),
        title: event.title,
        deadline: at(change.answerBy, event.timeZone, words),
      }),
      t('mail:change.stays', { plan: previousPlan(change, event.timeZone, words) }),
    ],
    action: { label: t('mail:change.openEvent'), url: `${baseUrl}/my-events/${event.id}` },
  });
}

/**
 * To a diner with a live order: the event moved. They may cancel until the new start, for a release of
 * their hold or a full refund of their charge, whether or not the goal was reached. In the language of
 * their checkout.
 */
export function dinerChangeMail(order: OrderRow, event: EventRow, change: ChangeRow, link: string) {
  const words = wordsOf(order.language);
  const { t, language } = words;
  const money =
    order.status === 'charged'
      ? t('mail:change.cancelRefund')
      : order.status === 'failed'
        ? t('mail:change.cancel')
        : t('mail:change.cancelRelease');
  const paragraphs = [
    t('mail:change.moved', { title: event.title, plan: newPlan(change, event.timeZone, words) }),
    t('mail:change.was', { plan: previousPlan(change, event.timeZone, words) }),
    t('mail:change.staysAsIs', { id: order.id, money, start: at(event.startsAt, event.timeZone, words) }),
  ];
  // A hold lasts 4 days 18 hours: one the later start outruns is asked for again if it lapses (decision 131).
  if (
    order.status === 'confirmed' &&
    order.mode === 'hold' &&
    order.authorizedAt &&
    !hasReachedGoal(event.status) &&
    holdMayLapseBefore(order.authorizedAt, event.startsAt)
  ) {
    paragraphs.push(t('mail:change.holdMayLapse'));
  }
  return {
    kind: 'event-changed',
    thread: orderThread(order),
    subject: t('mail:change.dinerSubject', { title: event.title }),
    ...renderMail({
      language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs,
      action: { label: t('mail:change.seeOrder'), url: link },
      footer: t('mail:order.footer'),
    }),
  };
}
