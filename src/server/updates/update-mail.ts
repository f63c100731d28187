import { isLanguage, type Language } from '../../core/language';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { events } from '../db/schema';
import { intlLocale, translator } from '../i18n';
import { renderMail } from '../outbox/templates';
import { createUnsubscribeToken } from './unsubscribe-token';

type EventRow = typeof events.$inferSelect;

/**
 * An update e-mailed to one diner, with a one-click unsubscribe (RFC 8058 headers and a footer link), in
 * the language of their checkout (decision 229); the update itself as its author wrote it.
 */
export function eventUpdateMail(
  event: EventRow,
  update: { text: string; authorName: string },
  reader: { email: string; language: string | null },
  baseUrl: string,
  secret: string,
) {
  const { email } = reader;
  const language: Language = isLanguage(reader.language) ? reader.language : 'en';
  const t = translator(language);
  const locale = intlLocale(language);
  const token = createUnsubscribeToken(secret, event.id, email);
  const pageUrl = `${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${baseUrl}/api/updates/unsubscribe?token=${encodeURIComponent(token)}`;
  const when = t('mail:update.when', {
    date: formatEventDate(event.startsAt, event.timeZone, locale),
    time: formatEventTime(event.startsAt, event.timeZone, locale),
  });
  const content = renderMail({
    language,
    paragraphs: [
      t('mail:update.posted', {
        author: update.authorName,
        title: event.title,
        when,
        location: event.location,
      }),
      // Each line of the update is a paragraph, so its line breaks survive in the HTML part too.
      ...update.text.split(/\n+/).filter((line) => line.trim()),
    ],
    action: { label: t('mail:update.open'), url: `${baseUrl}/events/public/${event.id}` },
    footer: t('mail:update.footer'),
    unsubscribeUrl: pageUrl,
  });
  return {
    kind: 'event-update',
    to: email,
    subject: t('mail:update.subject', { title: event.title }),
    ...content,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
