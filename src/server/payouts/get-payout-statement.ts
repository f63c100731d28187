import { and, desc, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { asCurrency, minorToDecimal, type Currency } from '../../core/currency';
import type { PayoutParty, PayoutStatus } from '../../core/payout-ledger';
import {
  CALLED_OFF_EVENT_STATUSES,
  NEVER_PAID_EVENT_STATUSES,
  payoutAccountProblem,
  statementLineState,
} from '../../core/payout-statement';
import type { PayoutStatementDto } from '../../contract/payouts';
import type { Language } from '../../core/language';
import { cellWord, payoutReasonIn } from '../answer-words';
import { translator } from '../i18n';
import type { AppContext } from '../context';
import { cursorKey, pastPosition, readKeysetPage, type PageRequest } from '../db/keyset-page';
import { events, payoutAccounts, payouts, pendingOrders } from '../db/schema';
import type { SessionUser } from '../auth/sessions';
import { loadEventLedgers } from './load-event-ledgers';

type Ctx = Pick<AppContext, 'db' | 'now' | 'config'>;

/** The money of a party's payout for one event, in cents. */
interface PayoutFigures {
  gross: number;
  refunds: number;
  platformFee: number;
  /** Sales tax and tips kept after refunds: part of the truck's share (0 on the organizer's). */
  salesTax: number;
  tips: number;
  share: number;
}

export interface StatementLine extends PayoutFigures {
  /** The organizer's guarantee charged at the start (decision 225): paid by the organizer, in the truck's share. */
  guarantee: number;
  /** Gifts to the cause and promo codes' discounts, before refunds: in the organizer's share (0 on the truck's). */
  gifts: number;
  discounts: number;
  eventId: number;
  title: string;
  date: string;
  /** The event's: every amount of the line is in it. */
  currency: Currency;
  status: PayoutStatus;
  scheduledFor: Date | null;
  paidAt: Date | null;
  reason: string | null;
}

/**
 * The statement's figures over every event of one currency, in its minor units: what was sent, and what
 * is still to come. Amounts of different currencies are never added (decision 230).
 */
export interface StatementTotals {
  currency: Currency;
  share: number;
  paid: number;
  upcoming: number;
}

export interface StatementPage {
  party: PayoutParty;
  /** Hours after an event's end before its payouts go out. */
  payoutDelayHours: number;
  events: StatementLine[];
  nextCursor: string | null;
  /** On the first page only (no cursor): the pages after it leave them out. One per currency. */
  totals: StatementTotals[] | null;
}

/** Statuses of orders whose money reached the platform (what makes a called-off event's line). */
const MONEY_ORDER_STATUSES = ['charged', 'refunded'] as const;

const partyOf = (user: SessionUser): PayoutParty => (user.role === 'foodtruck' ? 'truck' : 'organizer');
const ownEvents = (user: SessionUser) =>
  partyOf(user) === 'truck' ? eq(events.foodTruckId, user.id) : eq(events.organizerId, user.id);

/**
 * A page of a truck's or organizer's money page, latest start first (docs/decisions/219-the-payout-statement-a-page-at-a-time.md):
 * per event what diners paid, what went back, the platform's fee, their own share and where its payout
 * stands, recomputed from the orders of the page's events only. Keyset on `(starts_at, id)` through
 * `events_truck_starts_idx` / `events_organizer_starts_idx`, so a page costs the same however long the
 * payee's history. Events that never took money are left out, and so are called-off events nobody paid
 * for. The first page also carries the totals (`statementTotals`). A bad cursor is a 400.
 */
export async function getPayoutStatementPage(
  ctx: Ctx,
  user: SessionUser,
  page: PageRequest,
  { withTotals = !page.cursor }: { withTotals?: boolean } = {},
): Promise<StatementPage> {
  const party = partyOf(user);
  const { rows, nextCursor } = await readKeysetPage(
    page,
    (after, take) =>
      ctx.db
        .select({
          id: events.id,
          title: events.title,
          date: events.date,
          status: events.status,
          endsAt: events.endsAt,
          currency: events.currency,
          key: cursorKey(events.startsAt),
        })
        .from(events)
        .where(
          and(
            ownEvents(user),
            notInArray(events.status, [...NEVER_PAID_EVENT_STATUSES]),
            or(
              notInArray(events.status, [...CALLED_OFF_EVENT_STATUSES]),
              sql`exists (select 1 from ${pendingOrders} where ${pendingOrders.eventId} = ${events.id}
                and ${inArray(pendingOrders.status, [...MONEY_ORDER_STATUSES])})`,
            ),
            after ? pastPosition(events.startsAt, events.id, after, '<') : undefined,
          ),
        )
        .orderBy(desc(events.startsAt), desc(events.id))
        .limit(take),
    (last) => ({ at: last.key, id: last.id }),
  );
  const ids = rows.map((e) => e.id);
  const [ledgers, sent, [account], totals] = await Promise.all([
    loadEventLedgers(ctx.db, ids),
    ids.length === 0
      ? []
      : ctx.db
          .select({ eventId: payouts.eventId, paidAt: payouts.paidAt, blockedReason: payouts.blockedReason })
          .from(payouts)
          .where(and(inArray(payouts.eventId, ids), eq(payouts.party, party))),
    ctx.db
      .select({ payoutsEnabled: payoutAccounts.payoutsEnabled })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, user.id)),
    withTotals ? statementTotals(ctx, user) : null,
  ]);
  const payoutOf = new Map(sent.map((p) => [p.eventId, p]));
  const accountProblem = payoutAccountProblem(account);
  const lines = rows.map((event): StatementLine => {
    const ledger = ledgers.get(event.id)!;
    const payout = payoutOf.get(event.id);
    const share = ledger.shares[party];
    return {
      eventId: event.id,
      title: event.title,
      date: event.date,
      currency: asCurrency(event.currency),
      gross: ledger.grossCents,
      refunds: ledger.refundedCents,
      platformFee: ledger.shares.platform,
      salesTax: party === 'truck' ? ledger.tax.keptCents : 0,
      tips: party === 'truck' ? ledger.tips.keptCents : 0,
      gifts: party === 'organizer' ? ledger.gifts.grossCents : 0,
      discounts: party === 'organizer' ? ledger.discountsCents : 0,
      share,
      guarantee: ledger.guarantee?.chargedCents ?? 0,
      paidAt: payout?.paidAt ?? null,
      ...statementLineState({
        eventStatus: event.status,
        endsAt: event.endsAt,
        payoutDelayHours: ctx.config.payoutDelayHours,
        share,
        payout,
        accountProblem,
      }),
    };
  });
  return { party, payoutDelayHours: ctx.config.payoutDelayHours, events: lines, nextCursor, totals };
}

/**
 * The payee's figures over every event, without a ledger per event paid long ago: `paid` is what the
 * recorded payouts sent less what was reversed (one sum over the payee's payout rows), `upcoming` the
 * share of the events not paid out yet and not called off (recomputed from the orders of those events
 * only: the ones under way, closing, or waiting for an account), and `share` both together.
 */
export async function statementTotals(ctx: Ctx, user: SessionUser): Promise<StatementTotals[]> {
  const party = partyOf(user);
  const [sent, unpaid] = await Promise.all([
    ctx.db
      .select({
        currency: payouts.currency,
        // Dollars in the column (numeric): read back to cents as the column reads its own values.
        paid: sql<number>`coalesce(sum(${payouts.transferredAmount} - ${payouts.reversedAmount}), 0)`.mapWith(
          payouts.transferredAmount,
        ),
      })
      .from(payouts)
      .where(and(eq(payouts.recipientId, user.id), eq(payouts.party, party), isNotNull(payouts.paidAt)))
      .groupBy(payouts.currency),
    ctx.db
      .select({ id: events.id, currency: events.currency })
      .from(events)
      .where(
        and(
          ownEvents(user),
          notInArray(events.status, [...NEVER_PAID_EVENT_STATUSES, ...CALLED_OFF_EVENT_STATUSES]),
          sql`not exists (select 1 from ${payouts} where ${payouts.eventId} = ${events.id}
            and ${payouts.party} = ${party} and ${payouts.paidAt} is not null)`,
        ),
      ),
  ]);
  const ledgers = await loadEventLedgers(
    ctx.db,
    unpaid.map((e) => e.id),
  );
  const totals = new Map<Currency, StatementTotals>();
  const of = (code: string) => {
    const currency = asCurrency(code);
    let total = totals.get(currency);
    if (!total) totals.set(currency, (total = { currency, share: 0, paid: 0, upcoming: 0 }));
    return total;
  };
  for (const row of sent) of(row.currency).paid += row.paid;
  for (const event of unpaid) of(event.currency).upcoming += ledgers.get(event.id)?.shares[party] ?? 0;
  for (const total of totals.values()) total.share = total.paid + total.upcoming;
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The JSON answer: money as two-decimal strings, like every other answer; why a payout waits in `language`. */
export function toStatementDto(statement: StatementPage, language: Language = 'en'): PayoutStatementDto {
  const { totals } = statement;
  return {
    party: statement.party,
    payoutDelayHours: statement.payoutDelayHours,
    events: statement.events.map((l) => {
      const money = (minor: number) => minorToDecimal(minor, l.currency);
      return {
        eventId: l.eventId,
        currency: l.currency,
        title: l.title,
        date: l.date,
        gross: money(l.gross),
        refunds: money(l.refunds),
        platformFee: money(l.platformFee),
        salesTax: money(l.salesTax),
        tips: money(l.tips),
        gifts: money(l.gifts),
        discounts: money(l.discounts),
        share: money(l.share),
        guarantee: money(l.guarantee),
        status: l.status,
        scheduledFor: l.scheduledFor?.toISOString() ?? null,
        paidAt: l.paidAt?.toISOString() ?? null,
        reason: payoutReasonIn(language, l.reason),
      };
    }),
    nextCursor: statement.nextCursor,
    totals:
      totals &&
      totals.map((t) => ({
        currency: t.currency,
        share: minorToDecimal(t.share, t.currency),
        paid: minorToDecimal(t.paid, t.currency),
        upcoming: minorToDecimal(t.upcoming, t.currency),
      })),
  };
}

export const STATEMENT_CSV_COLUMNS = [
  'Event',
  'Date',
  'Gross',
  'Refunds',
  'Platform fee',
  'Sales tax',
  'Tips',
  'Your share',
  'Status',
  'Scheduled for',
  'Paid at',
  'Note',
  // Last, so a spreadsheet made from the columns before it still reads them where they were.
  'Gifts',
  'Promo code discounts',
  'Host guarantee',
  'Currency',
];

/** Pages of this many events make the CSV: it holds one page in memory at a time, however long. */
const CSV_PAGE = 100;

/**
 * The whole statement as CSV rows, latest first, read a page at a time as the client takes them
 * (`csvStream`), with a totals row of the amounts it listed. Its words (the status, why it waits,
 * "Total") are in the requester's `language`.
 */
export async function* statementCsvRows(
  ctx: Ctx,
  user: SessionUser,
  language: Language = 'en',
): AsyncGenerator<Array<string | number | null>> {
  // One totals row per currency: amounts of different currencies are never added (decision 230).
  type Summed = PayoutFigures & Pick<StatementLine, 'gifts' | 'discounts' | 'guarantee'>;
  const sumsOf = new Map<Currency, Summed>();
  const amounts: Array<keyof PayoutFigures> = [
    'gross',
    'refunds',
    'platformFee',
    'salesTax',
    'tips',
    'share',
  ];
  const extras: Array<'gifts' | 'discounts' | 'guarantee'> = ['gifts', 'discounts', 'guarantee'];
  let cursor: string | undefined;
  do {
    const page = await getPayoutStatementPage(ctx, user, { cursor, limit: CSV_PAGE }, { withTotals: false });
    for (const l of page.events) {
      const sums = sumsOf.get(l.currency) ?? {
        gross: 0,
        refunds: 0,
        platformFee: 0,
        salesTax: 0,
        tips: 0,
        share: 0,
        gifts: 0,
        discounts: 0,
        guarantee: 0,
      };
      sumsOf.set(l.currency, sums);
      for (const key of [...amounts, ...extras]) sums[key] += l[key];
      const centsToDecimal = (minor: number) => minorToDecimal(minor, l.currency);
      yield [
        l.title,
        l.date,
        ...amounts.map((key) => centsToDecimal(l[key])),
        cellWord(language, 'payoutStatus', l.status),
        l.scheduledFor?.toISOString() ?? '',
        l.paidAt?.toISOString() ?? '',
        payoutReasonIn(language, l.reason) ?? '',
        ...extras.map((key) => centsToDecimal(l[key])),
        l.currency,
      ];
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const totalWord = language === 'en' ? 'Total' : translator(language)('server:csv.total');
  for (const [currency, sums] of [...sumsOf].sort(([a], [b]) => a.localeCompare(b))) {
    const total = (keys: Array<keyof Summed>) => keys.map((key) => minorToDecimal(sums[key], currency));
    yield [totalWord, '', ...total(amounts), '', '', '', '', ...total(extras), currency];
  }
}
