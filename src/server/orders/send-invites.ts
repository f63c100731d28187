import { eq } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { notFound, conflict, tooManyRequests } from '../http/errors';
import { publicBaseUrl } from '../http/public-url';
import { hitRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { renderMail } from '../outbox/templates';

const HOUR = 60 * 60 * 1000;
/** Addresses one event may invite per hour, and requests one visitor may make: the form is no spam cannon. */
export const INVITES_PER_EVENT_PER_HOUR = 200;
export const INVITE_REQUESTS_PER_IP_PER_HOUR = 10;

export async function sendInvites(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  eventId: number,
  input: { emails: string[]; customMessage: string },
  ip: string,
): Promise<number> {
  const now = ctx.now();
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.hidden) throw notFound('Event not found or inaccessible.');
  if (!LIVE_EVENT_STATUSES.includes(event.status))
    throw conflict('Invitations can only be sent for events that are taking pre-orders');
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];
  const perIp = await hitRateLimit(ctx.db, `invite:ip:${ip}`, HOUR, now);
  if (perIp.count > INVITE_REQUESTS_PER_IP_PER_HOUR)
    throw tooManyRequests('Too many invitations sent. Please try again later.');
  const perEvent = await hitRateLimit(ctx.db, `invite:event:${eventId}`, HOUR, now);
  // Count the addresses, not the request: one hit per address beyond the first.
  let count = perEvent.count;
  for (let i = 1; i < emails.length; i++)
    count = (await hitRateLimit(ctx.db, `invite:event:${eventId}`, HOUR, now)).count;
  if (count > INVITES_PER_EVENT_PER_HOUR)
    throw tooManyRequests('This event has sent too many invitations. Please try again later.');

  const url = `${publicBaseUrl(ctx.config)}/events/public/${event.id}`;
  const when = `${formatEventDate(event.startsAt, event.timeZone)} at ${formatEventTime(event.startsAt, event.timeZone)}`;
  const paragraphs = [
    `You're invited to pre-order food for "${event.title}" on ${when} at ${event.location}.`,
    'Your card is only authorized when you order, and charged only if the event reaches its funding goal.',
  ];
  if (input.customMessage) paragraphs.splice(1, 0, `Message from the sender: "${input.customMessage}"`);
  const mail = renderMail({ paragraphs, action: { label: 'See the event and pre-order', url } });
  await ctx.db.transaction(async (tx) => {
    for (const to of emails)
      await enqueueMail(tx, { kind: 'invite', to, subject: `You're invited: ${event.title}`, ...mail });
  });
  return emails.length;
}
