import { inArray } from 'drizzle-orm';
import { asCurrency } from '../../core/currency';
import { isLanguage } from '../../core/language';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { Tx } from '../db/client';
import { users, type events } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { enqueueMail } from '../outbox/enqueue-mail';
import { composeMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;

export type GuaranteeNews =
  | { kind: 'notice'; amountCents: number }
  | { kind: 'charged'; amountCents: number }
  | { kind: 'declined'; amountCents: number; message: string };

/** The reader's words (decision 228): their saved language, English until they chose one. */
function wordsFor(reader: UserRow, event: EventRow) {
  const language = isLanguage(reader.language) ? reader.language : 'en';
  const t = translator(language);
  const locale = intlLocale(language);
  const title = t('mail:guarantee.when', {
    title: event.title,
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    time: formatEventTime(event.startsAt, event.timeZone, locale),
  });
  // Amounts in the event's currency, as the reader's language writes it (decision 231).
  const money = (minor: number) => formatCents(minor, asCurrency(event.currency), locale);
  return { t, title, language, money, goal: money(event.minimumSales) };
}

function organizerMail(news: GuaranteeNews, event: EventRow, reader: UserRow, baseUrl: string) {
  const { t, title, language, money, goal } = wordsFor(reader, event);
  const action = { label: t('mail:guarantee.action'), url: `${baseUrl}/my-events/${event.id}` };
  const amount = money(news.amountCents);
  const words = { amount, goal, event: title, title: event.title };
  switch (news.kind) {
    case 'notice':
      return composeMail('guarantee-notice', t('mail:guarantee.noticeSubject', words), {
        paragraphs: [
          t('mail:guarantee.noticeShort', {
            ...words,
            short: money(Math.max(event.minimumSales - event.currentSales, 0)),
          }),
          t('mail:guarantee.noticeBody', words),
        ],
        action,
        language,
      });
    case 'charged':
      return composeMail('guarantee-charged', t('mail:guarantee.chargedSubject', words), {
        paragraphs: [t('mail:guarantee.chargedBody', words), t('mail:guarantee.chargedAhead')],
        action,
        language,
      });
    case 'declined':
      return composeMail('guarantee-declined', t('mail:guarantee.declinedSubject', words), {
        paragraphs: [
          t('mail:guarantee.declinedBody', { ...words, message: news.message }),
          t('mail:guarantee.declinedAfter'),
        ],
        language,
      });
  }
}

function truckMail(news: Extract<GuaranteeNews, { kind: 'charged' }>, event: EventRow, reader: UserRow) {
  const { t, title, language, money, goal } = wordsFor(reader, event);
  const words = { amount: money(news.amountCents), goal, event: title, title: event.title };
  return composeMail('guarantee-covered', t('mail:guarantee.coveredSubject', words), {
    paragraphs: [t('mail:guarantee.coveredBody', words), t('mail:guarantee.coveredPayout', words)],
    language,
  });
}

/** Tells the organizer (and, when the guarantee paid, the truck) in the transaction that made the news. */
export async function mailGuaranteeNews(tx: Tx, event: EventRow, news: GuaranteeNews, baseUrl: string) {
  const parties = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [event.organizerId, event.foodTruckId]));
  const organizer = parties.find((u) => u.id === event.organizerId);
  const truck = parties.find((u) => u.id === event.foodTruckId);
  const send = async (to: UserRow | undefined, mail: (reader: UserRow) => ReturnType<typeof composeMail>) => {
    if (!to?.contactEmail) return;
    await enqueueMail(tx, {
      to: to.contactEmail,
      recipient: { userId: to.id, topic: 'event-outcomes' },
      thread: `guarantee:${event.id}`,
      ...mail(to),
    });
  };
  await send(organizer, (reader) => organizerMail(news, event, reader, baseUrl));
  if (news.kind === 'charged') await send(truck, (reader) => truckMail(news, event, reader));
}
