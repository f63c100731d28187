import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PromoCodeDto } from '../../contract/funding';
import { asCurrency } from '../../core/currency';
import { amountOffRefusal } from '../../core/currency-limits';
import { parseDecimalToCents } from '../../core/money';
import type { z } from '../../core/schemas/zod-messages';
import type { createPromoCodeSchema } from '../../core/schemas/codes-and-gifts';
import type { Db } from '../db/client';
import { pendingOrders, promoCodes } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../domain-error';
import { findEventOf } from '../events/event-party';
import { limitError } from '../money-limits';

/**
 * An organizer's promo codes for one event (docs/decisions/222-promo-codes.md): made, listed with their
 * uses, switched off or on again. Only the event's organizer, whatever its status.
 */

const ONLY_ORGANIZER = "Only the event's organizer can manage its promo codes";

type Row = typeof promoCodes.$inferSelect;

function toDto(row: Row, charged: { uses: number; discountCents: number } | undefined): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    maxUses: row.maxUses,
    uses: row.uses,
    chargedUses: charged?.uses ?? 0,
    discountCents: charged?.discountCents ?? 0,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createPromoCode(
  db: Db,
  organizerId: number,
  eventId: number,
  input: z.output<typeof createPromoCodeSchema>,
  now: Date,
): Promise<PromoCodeDto> {
  const event = await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  if (input.amountOffCents !== undefined) {
    // One minor unit to a gift's most, in the event's currency (src/core/currency-limits.ts).
    const refusal = amountOffRefusal(input.amountOffCents, asCurrency(event.currency));
    if (refusal) throw limitError('amount_out_of_range', refusal, 'amountOffCents');
  }
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        eventId,
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOffCents ?? null,
        maxUses: input.maxUses ?? null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdAt: now,
      })
      .returning();
    return toDto(row!, undefined);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `This event already has the code ${input.code}`;
      throw new DomainError('promo_code_taken', message, { fields: { code: message } });
    }
    throw error;
  }
}

/** The event's codes, oldest first, each with its live uses and what its charged orders took off. */
export async function listPromoCodes(db: Db, organizerId: number, eventId: number): Promise<PromoCodeDto[]> {
  await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.eventId, eventId))
    .orderBy(asc(promoCodes.id));
  const charged = await db
    .select({
      codeId: pendingOrders.promoCodeId,
      uses: sql<number>`count(*)::int`.mapWith(Number),
      discount: sql<string>`coalesce(sum(${pendingOrders.discountAmount}), 0)::text`,
    })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        eq(pendingOrders.status, 'charged'),
        isNull(pendingOrders.refundDueAt),
        sql`${pendingOrders.promoCodeId} is not null`,
      ),
    )
    .groupBy(pendingOrders.promoCodeId);
  const byCode = new Map(
    charged.map((c) => [c.codeId!, { uses: c.uses, discountCents: parseDecimalToCents(c.discount) }]),
  );
  return rows.map((row) => toDto(row, byCode.get(row.id)));
}

/** Switches a code off (diners are refused it at once) or on again; orders already placed keep theirs. */
export async function setPromoCodeActive(
  db: Db,
  organizerId: number,
  eventId: number,
  codeId: number,
  active: boolean,
): Promise<PromoCodeDto> {
  await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  const [row] = await db
    .update(promoCodes)
    .set({ active })
    .where(and(eq(promoCodes.id, codeId), eq(promoCodes.eventId, eventId)))
    .returning();
  if (!row) throw new DomainError('promo_code_not_found', 'Promo code not found');
  return (await listPromoCodes(db, organizerId, eventId)).find((c) => c.id === row.id)!;
}
