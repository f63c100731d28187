import { eq } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { formatEventDate, formatEventTime } from '../../core/time';
import { isEmailVerified } from '../auth/email-verification';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { hitRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { renderMail } from '../outbox/templates';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Addresses one event may invite per hour, and one sender per day: the form is no spam cannon. */
export const INVITES_PER_EVENT_PER_HOUR = 200;
export const INVITES_PER_SENDER_PER_DAY = 100;
export const MESSAGE_NEEDS_SIGN_IN = 'Sign in to add a personal message';
export const MESSAGE_NEEDS_VERIFIED_EMAIL =
  'Confirm your e-mail address (see your Account page) to add a personal message';

export interface InviteSender {
  /**
   * Signed in with a confirmed e-mail address: named in the mail and may add a message. A guest, or
   * an account that has not confirmed its address: neither (docs/decisions/120).
   */
  user: SessionUser | null;
  ip: string;
}

/**
 * Queues one invitation per address (docs/decisions/024-invitations.md). The mail names the
 * sender when signed in; a guest's invitation says plainly that we don't know who sent it, and
 * carries no text of theirs, so nobody can write to strangers under our name.
 */
export async function sendInvites(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  eventId: number,
  input: { emails: string[]; customMessage: string },
  sender: InviteSender,
): Promise<number> {
  const now = ctx.now();
  if (input.customMessage && !sender.user)
    throw new DomainError('invite_message_needs_sign_in', MESSAGE_NEEDS_SIGN_IN, {
      fields: { customMessage: MESSAGE_NEEDS_SIGN_IN },
    });
  // An account made in one call could otherwise write to strangers under any name it picks.
  const named = sender.user && isEmailVerified(sender.user) ? sender.user : null;
  if (input.customMessage && !named)
    throw new DomainError('invite_message_needs_verified_email', MESSAGE_NEEDS_VERIFIED_EMAIL, {
      fields: { customMessage: MESSAGE_NEEDS_VERIFIED_EMAIL },
    });
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.hidden) throw new DomainError('event_not_found', 'Event not found or inaccessible.');
  if (!LIVE_EVENT_STATUSES.includes(event.status))
    throw new DomainError(
      'invites_event_not_open',
      'Invitations can only be sent for events that are taking pre-orders',
    );
  const emails = [...new Set(input.emails.map((e) => e.toLowerCase()))];

  // Count the addresses, not the requests.
  const senderKey = sender.user ? `invite:sender:user:${sender.user.id}` : `invite:sender:ip:${sender.ip}`;
  const perSender = (await hitRateLimit(ctx.db, senderKey, DAY, now, emails.length)).count;
  const perEvent = (await hitRateLimit(ctx.db, `invite:event:${eventId}`, HOUR, now, emails.length)).count;
  if (perSender > INVITES_PER_SENDER_PER_DAY)
    throw new DomainError(
      'invites_per_sender_exceeded',
      'You have sent too many invitations today. Please try again tomorrow.',
      { retryAfterSeconds: 3600 },
    );
  if (perEvent > INVITES_PER_EVENT_PER_HOUR)
    throw new DomainError(
      'invites_per_event_exceeded',
      'This event has sent too many invitations. Please try again later.',
      { retryAfterSeconds: 600 },
    );

  const url = `${publicBaseUrl(ctx.config)}/events/public/${event.id}`;
  const when = `${formatEventDate(event.startsAt, event.timeZone)} at ${formatEventTime(event.startsAt, event.timeZone)}`;
  const senderName = named ? (named.businessName ?? named.username) : null;
  const paragraphs = [
    senderName
      ? `${senderName} invited you to pre-order food for "${event.title}" on ${when} at ${event.location}.`
      : `You're invited to pre-order food for "${event.title}" on ${when} at ${event.location}.`,
    'Your card is only authorized when you order, and charged only if the event reaches its funding goal.',
  ];
  if (senderName && input.customMessage)
    paragraphs.splice(1, 0, `${senderName} wrote: "${input.customMessage}"`);
  const footer = senderName
    ? `${senderName} entered your address on Food Truck Fund. We don't keep it beyond this e-mail.`
    : "A visitor of the event's page entered your address on Food Truck Fund; we don't know who. If you didn't expect this, you can ignore it.";
  const mail = renderMail({ paragraphs, action: { label: 'See the event and pre-order', url }, footer });
  const subject = senderName ? `${senderName} invited you: ${event.title}` : `You're invited: ${event.title}`;
  await ctx.db.transaction(async (tx) => {
    for (const to of emails) await enqueueMail(tx, { kind: 'invite', to, subject, ...mail });
  });
  return emails.length;
}
