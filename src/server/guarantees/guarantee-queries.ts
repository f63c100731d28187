import { and, eq, inArray } from 'drizzle-orm';
import { centsToDecimal, formatCents } from '../../core/money';
import { guaranteeCommitment } from '../../core/host-guarantee';
import type { GuaranteeDto } from '../../contract/guarantees';
import type { DbOrTx } from '../db/client';
import { eventGuarantees } from '../db/schema';

export type GuaranteeRow = typeof eventGuarantees.$inferSelect;

/** An event's guarantee, as last committed, or undefined when its organizer offered none. */
export async function findGuarantee(db: DbOrTx, eventId: number): Promise<GuaranteeRow | undefined> {
  const [row] = await db.select().from(eventGuarantees).where(eq(eventGuarantees.eventId, eventId));
  return row;
}

/** The guarantee as the organizer and the truck read it. */
export function toGuaranteeDto(row: GuaranteeRow | undefined): GuaranteeDto {
  if (!row) {
    return { status: 'none', cap: null, charged: null, chargedAt: null, failureMessage: null, summary: null };
  }
  const standing = row.status === 'saved' || row.status === 'charging' || row.status === 'charged';
  return {
    status: row.status,
    cap: centsToDecimal(row.capCents),
    charged: row.chargedAt && row.amountCents !== null ? centsToDecimal(row.amountCents) : null,
    chargedAt: row.chargedAt?.toISOString() ?? null,
    failureMessage: row.failureMessage,
    summary: standing ? guaranteeCommitment(row.capCents, formatCents) : null,
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
