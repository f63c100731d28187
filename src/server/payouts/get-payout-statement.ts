import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { centsToDecimal } from '../../core/money';
import { payoutDueAt, type PayoutParty, type PayoutStatus } from '../../core/payout-ledger';
import type { PayoutStatementDto } from '../../contract/payouts';
import type { AppContext } from '../context';
import { toCsv } from '../http/csv';
import { events, payoutAccounts, payouts } from '../db/schema';
import type { SessionUser } from '../auth/sessions';
import { loadEventLedgers } from './load-event-ledgers';
import { ACCOUNT_INCOMPLETE_REASON, NO_ACCOUNT_REASON } from './settle-event-payouts';

/** The money of a party's payout, in cents: an event's line, or the statement's totals. */
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
  eventId: number;
  title: string;
  date: string;
  status: PayoutStatus;
  scheduledFor: Date | null;
  paidAt: Date | null;
  reason: string | null;
}

export interface Statement {
  party: PayoutParty;
  /** Hours after an event's end before its payouts go out. */
  payoutDelayHours: number;
  events: StatementLine[];
  totals: PayoutFigures & { paid: number; upcoming: number };
}

/** Events that never took money and never will: left off the statement. */
const NEVER_PAID = ['pending_approval', 'rejected', 'open'] as const;
const CALLED_OFF = ['cancelled', 'payment_failed'];

/**
 * A truck's or organizer's money page: per event what diners paid, what went back, the platform's fee,
 * their own share and where its payout stands, all recomputed from the orders.
 */
export async function getPayoutStatement(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  user: SessionUser,
): Promise<Statement> {
  const party: PayoutParty = user.role === 'foodtruck' ? 'truck' : 'organizer';
  const own = party === 'truck' ? eq(events.foodTruckId, user.id) : eq(events.organizerId, user.id);
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(own, notInArray(events.status, [...NEVER_PAID])))
    .orderBy(events.startsAt, events.id);
  const ids = rows.map((e) => e.id);
  const ledgers = await loadEventLedgers(ctx.db, ids);
  const sent =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(payouts)
          .where(and(inArray(payouts.eventId, ids), eq(payouts.party, party)));
  const payoutOf = new Map(sent.map((p) => [p.eventId, p]));
  const [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, user.id));
  const accountProblem = !account
    ? NO_ACCOUNT_REASON
    : account.payoutsEnabled
      ? null
      : ACCOUNT_INCOMPLETE_REASON;

  const lines: StatementLine[] = [];
  for (const event of rows) {
    const ledger = ledgers.get(event.id)!;
    const calledOff = CALLED_OFF.includes(event.status);
    if (calledOff && ledger.grossCents === 0) continue;
    const payout = payoutOf.get(event.id);
    const share = ledger.shares[party];
    const dueAt = payoutDueAt(event.endsAt, ctx.config.payoutDelayHours);
    let status: PayoutStatus;
    let reason: string | null = null;
    let scheduledFor: Date | null = null;
    if (payout?.paidAt) {
      status = 'paid';
    } else if (calledOff) {
      status = 'blocked';
      reason = 'The event was called off and its diners refunded';
    } else if (event.status !== 'closed') {
      status = 'pending';
      reason = share > 0 ? accountProblem : null;
    } else {
      scheduledFor = dueAt;
      const blocked = payout?.blockedReason ?? (share > 0 ? accountProblem : null);
      status = blocked ? 'blocked' : 'scheduled';
      reason = blocked;
    }
    lines.push({
      eventId: event.id,
      title: event.title,
      date: event.date,
      gross: ledger.grossCents,
      refunds: ledger.refundedCents,
      platformFee: ledger.shares.platform,
      salesTax: party === 'truck' ? ledger.tax.keptCents : 0,
      tips: party === 'truck' ? ledger.tips.keptCents : 0,
      share,
      status,
      scheduledFor,
      paidAt: payout?.paidAt ?? null,
      reason,
    });
  }
  const sum = (pick: (l: StatementLine) => number, only?: (l: StatementLine) => boolean) =>
    lines.filter(only ?? (() => true)).reduce((total, l) => total + pick(l), 0);
  return {
    party,
    payoutDelayHours: ctx.config.payoutDelayHours,
    events: lines,
    totals: {
      gross: sum((l) => l.gross),
      refunds: sum((l) => l.refunds),
      platformFee: sum((l) => l.platformFee),
      salesTax: sum((l) => l.salesTax),
      tips: sum((l) => l.tips),
      share: sum((l) => l.share),
      paid: sum(
        (l) => l.share,
        (l) => l.status === 'paid',
      ),
      upcoming: sum(
        (l) => l.share,
        (l) => l.status !== 'paid',
      ),
    },
  };
}

/** The JSON answer: money as two-decimal strings, like every other answer. */
export function toStatementDto(statement: Statement): PayoutStatementDto {
  return {
    party: statement.party,
    payoutDelayHours: statement.payoutDelayHours,
    events: statement.events.map((l) => ({
      eventId: l.eventId,
      title: l.title,
      date: l.date,
      gross: centsToDecimal(l.gross),
      refunds: centsToDecimal(l.refunds),
      platformFee: centsToDecimal(l.platformFee),
      salesTax: centsToDecimal(l.salesTax),
      tips: centsToDecimal(l.tips),
      share: centsToDecimal(l.share),
      status: l.status,
      scheduledFor: l.scheduledFor?.toISOString() ?? null,
      paidAt: l.paidAt?.toISOString() ?? null,
      reason: l.reason,
    })),
    totals: Object.fromEntries(
      Object.entries(statement.totals).map(([k, v]) => [k, centsToDecimal(v)]),
    ) as Record<keyof Statement['totals'], string>,
  };
}

/** The statement as CSV (`toCsv`: RFC 4180, formulas neutralised), with a totals row. */
export function toStatementCsv(statement: Statement): string {
  const dto = toStatementDto(statement);
  const rows = dto.events.map((l) => [
    l.title,
    l.date,
    l.gross,
    l.refunds,
    l.platformFee,
    l.salesTax,
    l.tips,
    l.share,
    l.status,
    l.scheduledFor ?? '',
    l.paidAt ?? '',
    l.reason ?? '',
  ]);
  rows.push([
    'Total',
    '',
    dto.totals.gross,
    dto.totals.refunds,
    dto.totals.platformFee,
    dto.totals.salesTax,
    dto.totals.tips,
    dto.totals.share,
    '',
    '',
    '',
    '',
  ]);
  return toCsv(
    [
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
    ],
    rows,
  );
}
