import { desc, eq, inArray } from 'drizzle-orm';
import type { AttentionItemDto, OrganizerDeskDto } from '../../contract/desk';
import { computeEventTotals } from '../../core/event-totals';
import { asCurrency, minorToDecimal, type Currency } from '../../core/currency';
import type { Language } from '../../core/language';
import type { DbOrTx } from '../db/client';
import { eventChangeRequests, events } from '../db/schema';
import { toEventDto } from '../events/event-dto';
import { selectEventsWithTruckName, truckOfEventRow } from '../events/event-queries';
import { translator } from '../i18n';
import { listEventOrders } from '../orders/list-event-orders';

/** How many of the organizer's latest events the dashboard reads; My Events lists every one. */
const DESK_EVENTS = 100;
const DESK_UPCOMING = 12;
/** An answer older than this is no longer news. */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;
const ENDED_EARLY = new Set<string>(['rejected', 'cancelled', 'payment_failed']);

/**
 * The organizer's dashboard (decision 154): what their events raised, the events still ahead with their
 * progress, and what needs them: requests the truck has not answered or declined, changes of date or place
 * waiting or declined, diners whose card was refused. What needs them is said in `language`
 * (`server:desk.*`, the English as the spec wrote it).
 */
export async function loadOrganizerDesk(
  db: DbOrTx,
  organizerId: number,
  now: Date,
  language: Language = 'en',
): Promise<OrganizerDeskDto> {
  const t = translator(language);
  const rows = await selectEventsWithTruckName(db)
    .where(eq(events.organizerId, organizerId))
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(DESK_EVENTS);

  // One sum per currency: amounts of different currencies are never added (decision 230).
  const money = new Map<Currency, { markupRaised: number; foodSales: number }>();
  let orderCount = 0;
  const figures = new Map<
    number,
    { foodSales: number; markupRaised: number; orderCount: number; failed: number }
  >();
  for (const { event } of rows) {
    if (event.approvalDate === null) continue;
    const orders = await listEventOrders(db, event.id, ['confirmed', 'charged', 'failed']);
    const totals = computeEventTotals(
      orders.map((o) => ({ status: o.status, refundDue: o.refundDueAt !== null, lines: o.lines })),
      event.priceMarkupPercentage,
    );
    const failed = orders.filter((o) => o.status === 'failed').length;
    figures.set(event.id, {
      ...totals,
      foodSales: totals.foodSalesCents,
      markupRaised: totals.markupRaisedCents,
      failed,
    });
    const currency = asCurrency(event.currency);
    const sums = money.get(currency) ?? { markupRaised: 0, foodSales: 0 };
    sums.markupRaised += totals.markupRaisedCents;
    sums.foodSales += totals.foodSalesCents;
    money.set(currency, sums);
    orderCount += totals.orderCount;
  }

  const isAhead = (e: typeof events.$inferSelect) => e.endsAt > now && !ENDED_EARLY.has(e.status);
  const ahead = rows.filter((r) => isAhead(r.event)).reverse();
  const upcoming = ahead
    .filter((r) => r.event.status !== 'pending_approval')
    .slice(0, DESK_UPCOMING)
    .map((r) => {
      const f = figures.get(r.event.id);
      return {
        event: toEventDto(r.event, { ...truckOfEventRow(r), audience: 'parties' }),
        foodSales: minorToDecimal(f?.foodSales ?? 0, asCurrency(r.event.currency)),
        markupRaised: minorToDecimal(f?.markupRaised ?? 0, asCurrency(r.event.currency)),
        orderCount: f?.orderCount ?? 0,
        failedPayments: f?.failed ?? 0,
      };
    });

  const attention: AttentionItemDto[] = [];
  for (const { event, truckName, truckUsername } of rows) {
    const truck = truckName ?? truckUsername;
    const startsLater = event.startsAt > now;
    if (event.status === 'pending_approval' && event.approvalExpiryDate && event.approvalExpiryDate > now) {
      attention.push({
        kind: 'awaiting-truck',
        eventId: event.id,
        title: event.title,
        text: t('server:desk.awaitingTruck', { truck }),
        href: `/my-events/${event.id}`,
        at: event.approvalExpiryDate.toISOString(),
      });
    } else if (event.status === 'rejected' && startsLater) {
      attention.push({
        kind: 'truck-declined',
        eventId: event.id,
        title: event.title,
        text: t('server:desk.truckDeclined', { truck }),
        href: '/events/create',
        at: event.updatedAt.toISOString(),
      });
    } else if (event.status === 'cancelled' && event.approvalDate === null && startsLater) {
      attention.push({
        kind: 'request-expired',
        eventId: event.id,
        title: event.title,
        text: t('server:desk.requestExpired', { truck }),
        href: '/events/create',
        at: event.updatedAt.toISOString(),
      });
    }
    const failed = figures.get(event.id)?.failed ?? 0;
    if (failed > 0 && isAhead(event)) {
      attention.push({
        kind: 'failed-payments',
        eventId: event.id,
        title: event.title,
        text: t('server:desk.failedPayments', { count: failed }),
        href: `/my-events/${event.id}`,
        at: null,
      });
    }
  }

  const aheadIds = ahead.map((r) => r.event.id);
  if (aheadIds.length > 0) {
    const changes = await db
      .selectDistinctOn([eventChangeRequests.eventId])
      .from(eventChangeRequests)
      .where(inArray(eventChangeRequests.eventId, aheadIds))
      .orderBy(eventChangeRequests.eventId, desc(eventChangeRequests.id));
    for (const change of changes) {
      const row = ahead.find((r) => r.event.id === change.eventId)!;
      const truck = row.truckName ?? row.truckUsername;
      if (change.status === 'pending' && change.answerBy > now) {
        attention.push({
          kind: 'change-pending',
          eventId: row.event.id,
          title: row.event.title,
          text: t('server:desk.changePending', { truck }),
          href: `/my-events/${row.event.id}`,
          at: change.answerBy.toISOString(),
        });
      } else if (
        (change.status === 'declined' || change.status === 'lapsed') &&
        change.answeredAt !== null &&
        now.getTime() - change.answeredAt.getTime() < RECENT_MS
      ) {
        attention.push({
          kind: 'change-declined',
          eventId: row.event.id,
          title: row.event.title,
          text: t(change.status === 'declined' ? 'server:desk.changeDeclined' : 'server:desk.changeLapsed', {
            truck,
          }),
          href: `/my-events/${row.event.id}`,
          at: change.answeredAt.toISOString(),
        });
      }
    }
  }

  return {
    totals: {
      money: [...money]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, sums]) => ({
          currency,
          markupRaised: minorToDecimal(sums.markupRaised, currency),
          foodSales: minorToDecimal(sums.foodSales, currency),
        })),
      orderCount,
      upcomingCount: ahead.filter((r) => r.event.status !== 'pending_approval').length,
    },
    upcoming,
    attention,
  };
}
