import { formatEventDate, formatEventTime } from '../../core/time';
import type { events } from '../db/schema';
import { renderMail } from '../outbox/templates';
import { createUnsubscribeToken } from './unsubscribe-token';

type EventRow = typeof events.$inferSelect;

/** An update e-mailed to one diner, with a one-click unsubscribe (RFC 8058 headers and a footer link). */
export function eventUpdateMail(
  event: EventRow,
  update: { text: string; authorName: string },
  email: string,
  baseUrl: string,
  secret: string,
) {
  const token = createUnsubscribeToken(secret, event.id, email);
  const pageUrl = `${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClickUrl = `${baseUrl}/api/updates/unsubscribe?token=${encodeURIComponent(token)}`;
  const when = `${formatEventDate(event.startsAt, event.timeZone)} at ${formatEventTime(event.startsAt, event.timeZone)}`;
  const content = renderMail({
    paragraphs: [
      `${update.authorName} posted an update about "${event.title}" (${when}, ${event.location}):`,
      // Each line of the update is a paragraph, so its line breaks survive in the HTML part too.
      ...update.text.split(/\n+/).filter((line) => line.trim()),
    ],
    action: { label: 'Open the event page', url: `${baseUrl}/events/public/${event.id}` },
    footer: 'You receive this because you pre-ordered for this event.',
    unsubscribeUrl: pageUrl,
  });
  return {
    kind: 'event-update',
    to: email,
    subject: `Update: ${event.title}`,
    ...content,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
