import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { imageUrl } from '../../contract/images';
import type { EventSponsorsDto, OrganizerSponsorsDto } from '../../contract/funding';
import { asCurrency } from '../../core/currency';
import { sponsorMinimumRefusal } from '../../core/currency-limits';
import { parseDecimalToCents } from '../../core/money';
import { COUNTED_ORDER_STATUSES } from '../../core/order-status';
import type { Db, DbOrTx } from '../db/client';
import { events, eventSponsors, pendingOrders } from '../db/schema';
import { DomainError } from '../domain-error';
import { findEventOf } from '../events/event-party';
import { limitError } from '../money-limits';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

/**
 * Sponsors on an event's page and the gifts behind them (docs/decisions/223-gifts-and-sponsors.md).
 * A gift's sponsor is shown once its order is charged (not while only held, never once owed back);
 * one the organizer added is shown at once; the organizer may hide either.
 */

const ONLY_ORGANIZER = "Only the event's organizer can manage its sponsors";

/** The sponsor's order is charged and keeps its money, or there is no order (an outside sponsor). */
const charged = sql<boolean>`(${eventSponsors.orderId} is null or (${pendingOrders.status} = 'charged' and ${pendingOrders.refundDueAt} is null))`;

async function sponsorRows(db: DbOrTx, eventId: number) {
  return db
    .select({
      id: eventSponsors.id,
      name: eventSponsors.name,
      url: eventSponsors.url,
      logoHash: eventSponsors.logoHash,
      hidden: eventSponsors.hidden,
      orderId: eventSponsors.orderId,
      giftCents: pendingOrders.donationAmount,
      charged,
    })
    .from(eventSponsors)
    .leftJoin(pendingOrders, eq(pendingOrders.id, eventSponsors.orderId))
    .where(eq(eventSponsors.eventId, eventId))
    .orderBy(asc(eventSponsors.id));
}

/** Gifts held or charged (counted as the goal's orders are), in cents: shown beside the progress. */
export async function giftsOfEvent(db: DbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${pendingOrders.donationAmount}), 0)::text` })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, eventId),
        inArray(pendingOrders.status, [...COUNTED_ORDER_STATUSES]),
        isNull(pendingOrders.refundDueAt),
      ),
    );
  return parseDecimalToCents(row?.total ?? '0');
}

/** The names of the sponsors the page shows, in order: for the share card. */
export async function shownSponsorNames(db: DbOrTx, eventId: number): Promise<string[]> {
  return (await sponsorRows(db, eventId)).filter((r) => r.charged && !r.hidden).map((r) => r.name);
}

/** `GET /api/events/{id}/sponsors`: what the event page and the share page show. */
export async function readEventSponsors(
  db: DbOrTx,
  event: { id: number; sponsorMinCents: number | null },
): Promise<EventSponsorsDto> {
  const rows = await sponsorRows(db, event.id);
  return {
    sponsors: rows
      .filter((r) => r.charged && !r.hidden)
      .map((r) => ({
        id: r.id,
        name: r.name,
        url: r.url,
        logoUrl: r.logoHash ? imageUrl(r.logoHash) : null,
      })),
    sponsorMinCents: event.sponsorMinCents,
    giftsCents: await giftsOfEvent(db, event.id),
  };
}

export async function listOrganizerSponsors(
  db: Db,
  organizerId: number,
  eventId: number,
): Promise<OrganizerSponsorsDto> {
  const event = await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  const rows = await sponsorRows(db, eventId);
  return {
    sponsorMinCents: event.sponsorMinCents,
    sponsors: rows.map((r) => ({
      id: r.id,
      name: r.name,
      url: r.url,
      logoUrl: r.logoHash ? imageUrl(r.logoHash) : null,
      hidden: r.hidden,
      kind: r.orderId === null ? 'outside' : 'gift',
      giftCents: r.orderId === null ? null : (r.giftCents ?? 0),
      shown: r.charged && !r.hidden,
    })),
  };
}

/** A sponsor who paid outside the app: named on the page at once, no money moves. */
export async function addOutsideSponsor(
  db: Db,
  organizerId: number,
  eventId: number,
  input: { name: string; url: string | null; logo: string | null },
  now: Date,
): Promise<OrganizerSponsorsDto> {
  await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  const change = input.logo
    ? await readImageChange(input.logo, null, 'logo', { db, id: organizerId })
    : ({ kind: 'keep' } as const);
  await db.transaction(async (tx) => {
    const logoHash = await applyImageChange(tx, organizerId, change, null);
    await tx
      .insert(eventSponsors)
      .values({ eventId, name: input.name, url: input.url, logoHash, createdAt: now });
    await settleOwnerImages(tx, organizerId, change, 'logo');
  });
  return listOrganizerSponsors(db, organizerId, eventId);
}

export async function setSponsorHidden(
  db: Db,
  organizerId: number,
  eventId: number,
  sponsorId: number,
  hidden: boolean,
): Promise<OrganizerSponsorsDto> {
  await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  const [row] = await db
    .update(eventSponsors)
    .set({ hidden })
    .where(and(eq(eventSponsors.id, sponsorId), eq(eventSponsors.eventId, eventId)))
    .returning({ id: eventSponsors.id });
  if (!row) throw new DomainError('sponsor_not_found', 'Sponsor not found');
  return listOrganizerSponsors(db, organizerId, eventId);
}

/** The least gift that may name a sponsor; null: gifts carry no sponsor. */
export async function setSponsorMinimum(
  db: Db,
  organizerId: number,
  eventId: number,
  sponsorMinCents: number | null,
): Promise<OrganizerSponsorsDto> {
  const event = await findEventOf(db, eventId, { organizerId }, ONLY_ORGANIZER);
  if (sponsorMinCents !== null) {
    // A gift alone's least to a gift's most, in the event's currency (src/core/currency-limits.ts).
    const refusal = sponsorMinimumRefusal(sponsorMinCents, asCurrency(event.currency));
    if (refusal) throw limitError('amount_out_of_range', refusal, 'sponsorMinCents');
  }
  await db.update(events).set({ sponsorMinCents }).where(eq(events.id, eventId));
  return listOrganizerSponsors(db, organizerId, eventId);
}
