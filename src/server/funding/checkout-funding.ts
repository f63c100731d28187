import { and, eq } from 'drizzle-orm';
import {
  fundedTotal,
  normalizePromoCode,
  promoDiscountCents,
  promoRefusal,
  PROMO_USED_UP,
  sponsorRefusal,
  type FundedTotal,
} from '../../core/codes-and-gifts';
import type { Currency } from '../../core/currency';
import { giftRefusal } from '../../core/currency-limits';
import type { UnitPriceParts } from '../../core/pricing';
import type { Db, DbOrTx } from '../db/client';
import { eventSponsors, promoCodes } from '../db/schema';
import { DomainError } from '../domain-error';
import { limitError } from '../money-limits';
import { applyImageChange, readImageChange, type ImageChange } from '../images/image-store';

/**
 * A checkout's promo code and gift (docs/decisions/222-promo-codes.md, 223-gifts-and-sponsors.md):
 * the code read before the order is priced, the discount and the gift's fee priced by the core, the
 * database's refusal of a used-up code turned into the diner's answer, and the gift's sponsor written
 * once the order exists.
 */

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** The event's code as the diner typed it (any case), or undefined. */
export async function findPromoCode(
  db: DbOrTx,
  eventId: number,
  typed: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.eventId, eventId), eq(promoCodes.code, normalizePromoCode(typed))));
  return row;
}

export interface CheckoutFunding extends FundedTotal {
  promoCodeId: number | null;
}

/**
 * The discount and the gift of a checkout, or the refusal: a wrong, switched-off, expired or used-up
 * code answers 400 with its own code; a gift past its currency's most, or alone under its least,
 * `amount_out_of_range` with the limit in the event's currency.
 */
export function priceCheckoutFunding(
  input: { promoCode?: string | undefined; donationCents?: number | undefined; sponsor?: unknown },
  code: PromoCodeRow | undefined,
  event: { sponsorMinCents: number | null; currency: Currency; withFood: boolean },
  parts: Pick<UnitPriceParts, 'unitCents' | 'markupCents'>,
  foodTotalCents: number,
  now: Date,
): CheckoutFunding {
  let discountCents = 0;
  let promoCodeId: number | null = null;
  const giftCents = input.donationCents ?? 0;
  const giftLimit = giftRefusal(giftCents, event.withFood, event.currency);
  if (giftLimit) throw limitError('amount_out_of_range', giftLimit, 'donationCents');
  if (input.promoCode) {
    const refusal = promoRefusal(code, now);
    if (refusal)
      throw new DomainError(refusal.code, refusal.message, { fields: { promoCode: refusal.message } });
    promoCodeId = code!.id;
    discountCents = promoDiscountCents(code!, {
      linesCents: parts.unitCents,
      markupCents: parts.markupCents,
    });
  }
  if (input.sponsor !== undefined) {
    const refusal = sponsorRefusal(giftCents, event.sponsorMinCents, event.currency);
    if (refusal) throw new DomainError('sponsor_gift_too_small', refusal, { fields: { sponsor: refusal } });
  }
  return { ...fundedTotal(foodTotalCents, discountCents, giftCents), promoCodeId };
}

/** The trigger's refusal of a code past its uses (SQLSTATE FT002), thrown as the diner's answer. */
export function throwIfPromoExhausted(error: unknown): void {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  if (e?.code !== 'FT002' && e?.cause?.code !== 'FT002') return;
  throw new DomainError(PROMO_USED_UP.code, PROMO_USED_UP.message, {
    fields: { promoCode: PROMO_USED_UP.message },
  });
}

/**
 * What writes a gift's sponsor once its order exists (nothing when the checkout names none): the
 * draft is read first, its logo checked and re-encoded off any lock.
 */
export async function sponsorWriter(
  db: Db,
  organizerId: number,
  sponsor: { name: string; url: string | null; logo: string | null } | undefined,
): Promise<(orderId: number, eventId: number) => Promise<void>> {
  const draft = await readSponsorDraft(db, organizerId, sponsor);
  return async (orderId, eventId) => {
    if (draft) await attachSponsor(db, { id: orderId, eventId }, organizerId, draft);
  };
}

/** A gift's sponsor, read before anything is written: its logo checked and re-encoded off any lock. */
interface SponsorDraft {
  name: string;
  url: string | null;
  logo: ImageChange;
}

async function readSponsorDraft(
  db: DbOrTx,
  organizerId: number,
  sponsor: { name: string; url: string | null; logo: string | null } | undefined,
): Promise<SponsorDraft | null> {
  if (!sponsor) return null;
  const logo = sponsor.logo
    ? await readImageChange(sponsor.logo, null, 'sponsor.logo', { db, id: organizerId })
    : ({ kind: 'keep' } as const);
  return { name: sponsor.name, url: sponsor.url, logo };
}

/**
 * The gift's sponsor, written once its order exists (a replay of the checkout writes nothing more).
 * The logo is stored as the organizer's picture: it is on the organizer's page.
 */
async function attachSponsor(
  db: Db,
  order: { id: number; eventId: number },
  organizerId: number,
  draft: SponsorDraft,
): Promise<void> {
  await db.transaction(async (tx) => {
    const logoHash = await applyImageChange(tx, organizerId, draft.logo, null);
    await tx
      .insert(eventSponsors)
      .values({ eventId: order.eventId, orderId: order.id, name: draft.name, url: draft.url, logoHash })
      .onConflictDoNothing();
  });
}
