import { and, asc, eq, gt, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import { DINER_REMINDER_LEAD_MS, VISITOR_REMINDER_LEAD_MS } from '../../core/momentum';
import type { OrderStatus } from '../../core/order-status';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { eventReminderRuns, events, pendingOrders, reminderRequests, users } from '../db/schema';
import { publicBaseUrl } from '../http/public-url';
import { loadOrderLines } from '../orders/order-queries';
import { enqueueMails } from '../outbox/enqueue-mail';
import { isLanguage } from '../../core/language';
import { dinerReminderMail, visitorReminderMail, type DinerOrderSummary } from './reminder-mail';

type EventRow = typeof events.$inferSelect;
type Kind = (typeof eventReminderRuns.$inferSelect)['kind'];

/** Diners whose order is on: authorized or charged. */
const REMINDED_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'charged'];
const EVENTS_PER_RUN = 20;

/**
 * The reconciler's reminder task. For each event whose reminder time has come, one transaction
 * inserts the event's run row and queues its mail: the unique (event, kind) index lets exactly one
 * instance win, the others' inserts conflict and queue nothing (docs/decisions/042-reminders.md).
 * Answers how many events' reminders this pass sent (some have nobody to tell) and how many mails.
 */
export async function sendDueReminders(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const now = ctx.now();
  const baseUrl = publicBaseUrl(ctx.config);
  let reminded = 0;
  let queued = 0;
  for (const [kind, leadMs, statuses] of [
    ['diners-24h', DINER_REMINDER_LEAD_MS, LIVE_EVENT_STATUSES],
    // The visitors' reminder is only for events that still need backers.
    ['visitors-48h', VISITOR_REMINDER_LEAD_MS, ['approved']],
  ] as const) {
    const due = await ctx.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          inArray(events.status, [...statuses]),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + leadMs)),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(eventReminderRuns)
              .where(and(eq(eventReminderRuns.eventId, events.id), eq(eventReminderRuns.kind, kind))),
          ),
        ),
      )
      .orderBy(asc(events.startsAt))
      .limit(EVENTS_PER_RUN);
    for (const { id } of due) {
      const mails = await ctx.db.transaction((tx) => runReminder(tx, kind, id, baseUrl));
      if (mails !== null) reminded++;
      queued += mails ?? 0;
    }
  }
  return { events: reminded, queued };
}

/** The mails queued for one event's reminder, or null when another instance had claimed it. */
async function runReminder(tx: Tx, kind: Kind, eventId: number, baseUrl: string): Promise<number | null> {
  const [claimed] = await tx
    .insert(eventReminderRuns)
    .values({ eventId, kind, recipients: 0 })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return null;
  const [row] = await tx
    .select({ event: events, truckName: users.businessName, truckUsername: users.username })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(eq(events.id, eventId));
  if (!row) return 0;
  const truckName = row.truckName ?? row.truckUsername;
  const mails =
    kind === 'diners-24h'
      ? (await loadDiners(tx, eventId)).map((diner) =>
          dinerReminderMail(row.event, truckName, diner, baseUrl),
        )
      : await visitorMails(tx, row.event, truckName, baseUrl);
  await enqueueMails(tx, mails);
  await tx
    .update(eventReminderRuns)
    .set({ recipients: mails.length })
    .where(and(eq(eventReminderRuns.eventId, eventId), eq(eventReminderRuns.kind, kind)));
  return mails.length;
}

async function visitorMails(tx: Tx, event: EventRow, truckName: string, baseUrl: string) {
  // Checked again under the claim: the goal may have been reached since the event was picked.
  if (event.status !== 'approved' || event.currentSales >= event.minimumSales) return [];
  const requests = await tx
    .select({ email: reminderRequests.email, language: reminderRequests.language })
    .from(reminderRequests)
    .where(and(eq(reminderRequests.eventId, event.id), isNotNull(reminderRequests.confirmedAt)));
  return requests.map((r) =>
    visitorReminderMail(event, truckName, r.email, baseUrl, isLanguage(r.language) ? r.language : 'en'),
  );
}

/** One summary per diner (by e-mail): every item of their orders that are on. */
async function loadDiners(tx: Tx, eventId: number): Promise<DinerOrderSummary[]> {
  const orders = await tx
    .select()
    .from(pendingOrders)
    .where(
      and(eq(pendingOrders.eventId, eventId), inArray(pendingOrders.status, [...REMINDED_ORDER_STATUSES])),
    )
    .orderBy(asc(pendingOrders.id));
  if (orders.length === 0) return [];
  const items = await loadOrderLines(
    tx,
    orders.map((o) => o.id),
  );
  const byEmail = new Map<string, DinerOrderSummary>();
  for (const order of orders) {
    const email = order.customerEmail.trim().toLowerCase();
    const diner = byEmail.get(email) ?? {
      name: order.customerName,
      email,
      lines: [],
      totalCents: 0,
      pickupCodes: [],
      language: order.language,
    };
    // Their latest checkout's language (orders oldest first).
    diner.language = order.language;
    diner.totalCents += order.totalAmount;
    diner.lines.push(
      ...items.filter((i) => i.orderId === order.id).map(({ quantity, name }) => ({ quantity, name })),
    );
    // PICKUP CODE: pending_orders gains a `pickup_code` column on another branch; once it is there,
    // `select()` returns it and it shows in the reminder with no change here.
    const pickupCode = (order as { pickupCode?: string | null }).pickupCode;
    if (pickupCode) diner.pickupCodes.push(pickupCode);
    byEmail.set(email, diner);
  }
  return [...byEmail.values()];
}
