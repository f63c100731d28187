import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context';
import { events } from '../db/schema';
import { setEventStatus } from '../engine/event-engine';
import { lockDueEvents } from '../engine/locks';
import { publicBaseUrl } from '../http/public-url';
import { enqueueThankYouMails } from '../reviews/thank-you-mail';

/**
 * Reconciler task: a confirmed event is closed once its end time has passed, and every diner who
 * collected an order is thanked and asked to rate the truck (decision 171).
 */
export async function closeEndedEvents(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  const links = { baseUrl: publicBaseUrl(ctx.config), secret: ctx.config.sessionSecret };
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const due = await lockDueEvents(tx, and(eq(events.status, 'confirmed'), lte(events.endsAt, now)));
    for (const event of due) {
      await setEventStatus(tx, event, 'closed', { now, reason: 'event ended' });
      await enqueueThankYouMails(tx, event, links);
    }
    return due.length;
  });
}
