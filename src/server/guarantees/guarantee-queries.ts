import { and, eq, inArray } from 'drizzle-orm';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import type { GuaranteeDto } from '../../contract/guarantees';
import { guaranteeSummaryIn } from '../answer-words';
import type { DbOrTx } from '../db/client';
import { eventGuarantees } from '../db/schema';

export type GuaranteeRow = typeof eventGuarantees.$inferSelect;

/** An event's guarantee, as last committed, or undefined when its organizer offered none. */
export async function findGuarantee(db: DbOrTx, eventId: number): Promise<GuaranteeRow | undefined> {
  const [row] = await db.select().from(eventGuarantees).where(eq(eventGuarantees.eventId, eventId));
  return row;
}

/**
 * The guarantee as the organizer and the truck read it: its amounts in the event's currency (`currency`,
 * the event row's; decision 230), its summary in the reader's `language`.
 */
export function toGuaranteeDto(
  row: GuaranteeRow | undefined,
  eventCurrency: string,
  language: Language = 'en',
): GuaranteeDto {
  const currency = asCurrency(eventCurrency);
  if (!row) {
    return {
      status: 'none',
      currency,
      cap: null,
      charged: null,
      chargedAt: null,
      failureMessage: null,
      summary: null,
    };
  }
  const standing = row.status === 'saved' || row.status === 'charging' || row.status === 'charged';
  return {
    status: row.status,
    currency,
    cap: minorToDecimal(row.capCents, currency),
    charged: row.chargedAt && row.amountCents !== null ? minorToDecimal(row.amountCents, currency) : null,
    chargedAt: row.chargedAt?.toISOString() ?? null,
    failureMessage: row.failureMessage,
    summary: standing ? guaranteeSummaryIn(language, row.capCents, currency) : null,
  };
}

/** Whether the organizer's guarantee paid this event's shortfall (it settles as funded). */
export async function guaranteeCharged(db: DbOrTx, eventId: number): Promise<boolean> {
  const row = await findGuarantee(db, eventId);
  return row?.status === 'charged';
}

/** What the organizers' guarantees of these events charged and gave back, by event, for their ledgers. */
export async function guaranteeCharges(
  db: DbOrTx,
  eventIds: readonly number[],
): Promise<Map<number, { chargedCents: number; refundedCents: number }>> {
  const rows = await db
    .select({
      eventId: eventGuarantees.eventId,
      amountCents: eventGuarantees.amountCents,
      refundedCents: eventGuarantees.refundedCents,
    })
    .from(eventGuarantees)
    .where(and(inArray(eventGuarantees.eventId, [...eventIds]), eq(eventGuarantees.status, 'charged')));
  return new Map(
    rows.map((r) => [r.eventId, { chargedCents: r.amountCents ?? 0, refundedCents: r.refundedCents }]),
  );
}
