import { and, eq } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { VISITOR_REMINDER_LEAD_MS } from '../../core/momentum';
import type { ReminderRequestInput } from '../../core/schemas/momentum';
import type { AppContext } from '../context';
import { events, reminderRequests } from '../db/schema';
import { DomainError } from '../domain-error';
import { publicBaseUrl } from '../http/public-url';
import { hitRateLimit } from '../http/rate-limit';
import { enqueueMail } from '../outbox/enqueue-mail';
import { reminderConfirmationMail } from './reminder-mail';
import type { Language } from '../../core/language';
import { createReminderToken } from './reminder-token';

const HOUR = 60 * 60 * 1000;
/** Requests one visitor may make an hour: the form must not become a way to mail strangers. */
export const REMINDER_REQUESTS_PER_IP_PER_HOUR = 10;

/**
 * A visitor asks to be reminded: the address is stored unconfirmed and a confirmation link is
 * mailed. The answer is the same whether the address was new, waiting or confirmed, so the form
 * tells nobody who else asked.
 */
export async function requestReminder(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  eventId: number,
  input: ReminderRequestInput,
  ip: string,
  /** The asker's language: the confirmation mail is written in it. */
  language: Language = 'en',
): Promise<void> {
  const now = ctx.now();
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.hidden) throw new DomainError('event_not_found', 'Event not found');
  if (!LIVE_EVENT_STATUSES.includes(event.status) || event.startsAt <= now)
    throw new DomainError(
      'reminder_event_not_open',
      'Reminders are only for events that are still taking pre-orders',
    );
  // The reminder goes 48 hours before the start: closer than that it could never be sent.
  if (event.startsAt.getTime() - now.getTime() <= VISITOR_REMINDER_LEAD_MS)
    throw new DomainError(
      'reminder_too_late',
      'This event starts in less than 48 hours, too soon for a reminder. Pre-order now instead.',
    );
  if ((await hitRateLimit(ctx.db, `reminder:ip:${ip}`, HOUR, now)).count > REMINDER_REQUESTS_PER_IP_PER_HOUR)
    throw new DomainError(
      'reminder_requests_exceeded',
      'Too many reminder requests. Please try again later.',
    );

  await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reminderRequests)
      .values({ eventId, email: input.email, language, createdAt: now })
      .onConflictDoNothing()
      .returning();
    const request =
      created ??
      (
        await tx
          .select()
          .from(reminderRequests)
          .where(and(eq(reminderRequests.eventId, eventId), eq(reminderRequests.email, input.email)))
      )[0];
    if (!request || request.confirmedAt) return;
    const confirmUrl = `${publicBaseUrl(ctx.config)}/reminders/confirm?token=${encodeURIComponent(
      createReminderToken(ctx.config.sessionSecret, request.id),
    )}`;
    await enqueueMail(tx, reminderConfirmationMail(event, input.email, confirmUrl, language));
  });
}
