import { eq, sql } from 'drizzle-orm';
import { MAIL_TOPICS } from '../../core/mail-topics';
import { asCurrency, type Currency } from '../../core/currency';
import type { ProfilePatch } from '../../core/schemas/profile';
import type { Db, Tx } from '../db/client';
import { events, users } from '../db/schema';
import type { SessionUser } from '../auth/sessions';
import { movesRecoveryAddress } from '../auth/change-email';
import { emailKey } from '../auth/email-verification';
import { DomainError } from '../domain-error';
import { typedAmountToMinor } from './typed-amount';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

/** The topics turned off, from the ones the form keeps on; left out, the stored choice stays. */
function optOutsFrom(mailTopics: readonly string[] | undefined) {
  return mailTopics === undefined ? {} : { mailOptOuts: MAIL_TOPICS.filter((t) => !mailTopics.includes(t)) };
}

/**
 * The address as the form sent it. A move (new, changed, removed) was allowed by the caller's
 * password (decision 211) and is written as is. The same address (perhaps another case) is written
 * only if the stored one is still that address: a form loaded before a concurrent, confirmed move
 * must not put the old address back without the password.
 */
function contactChange(user: SessionUser, contactEmail: string | null | undefined) {
  if (contactEmail === undefined) return {};
  if (movesRecoveryAddress(user, contactEmail)) return { contactEmail };
  const loaded = user.contactEmail ? emailKey(user.contactEmail) : null;
  return {
    contactEmail: sql<
      string | null
    >`case when lower(trim(${users.contactEmail})) is not distinct from ${loaded}::text then ${contactEmail}::text else ${users.contactEmail} end`,
  };
}

/**
 * A truck's currency, set once (decision 230): it may change only while the truck has no event. The
 * truck's row is locked first, and an event's creation reads the truck under a share lock, so an event
 * made at the same moment is either seen here or made in the new currency.
 */
async function currencyChange(tx: Tx, user: SessionUser, wanted: Currency | undefined) {
  if (wanted === undefined || wanted === user.currency) return {};
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const [used] = await tx
    .select({ id: events.id })
    .from(events)
    .where(eq(events.foodTruckId, user.id))
    .limit(1);
  if (used) {
    const message = `Your currency is ${user.currency} for good: you already have events in it`;
    throw new DomainError('currency_fixed', message, { fields: { currency: message } });
  }
  return { currency: wanted };
}

/** The minimum typed in the truck's currency, to its minor units (none of JPY's may have decimals). */
function minimumIn(minimum: number | null | undefined, currency: Currency) {
  return minimum === null || minimum === undefined
    ? null
    : typedAmountToMinor(minimum, currency, 'minimumSales');
}

/**
 * Saves the caller's own profile. A truck's is its business profile (the name is required of it); an
 * organizer's or an admin's is its contact address and the mail it wants (decision 155): the truck
 * fields are not theirs and are left as they are.
 */
export async function updateProfile(db: Db, user: SessionUser, profile: ProfilePatch, now: Date) {
  const contact = contactChange(user, profile.contactEmail);
  if (user.role !== 'foodtruck') {
    const [updated] = await db
      .update(users)
      .set({ ...contact, ...optOutsFrom(profile.mailTopics), updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  }
  if (profile.businessName === undefined) {
    throw new DomainError('business_name_missing', 'Business name is required', {
      fields: { businessName: 'Business name is required' },
    });
  }
  const businessName = profile.businessName;
  // The form sends the stored picture's URL back unchanged on every save: that keeps it as it is.
  const currentHash = user.profileImageHash ?? null;
  const change = await readImageChange(profile.profileImage, currentHash, 'profileImage', {
    db,
    id: user.id,
  });
  return db.transaction(async (tx) => {
    const profileImageHash = await applyImageChange(tx, user.id, change, currentHash);
    const currency = await currencyChange(tx, user, profile.currency);
    const [updated] = await tx
      .update(users)
      .set({
        businessName,
        description: profile.description,
        ...currency,
        minimumSales: minimumIn(profile.minimumSales, currency.currency ?? asCurrency(user.currency)),
        cuisine: profile.cuisine,
        location: profile.location,
        // A new area's coordinates are unknown until the geocoding sweep looks it up (decision 197):
        // until then the truck is out of distance searches rather than placed at its old area.
        areaLat: sql`case when ${users.location} is not distinct from ${profile.location} then ${users.areaLat} end`,
        areaLon: sql`case when ${users.location} is not distinct from ${profile.location} then ${users.areaLon} end`,
        ...contact,
        phone: profile.phone,
        ...optOutsFrom(profile.mailTopics),
        ...(change.kind === 'keep' ? {} : { profileImageHash }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    await settleOwnerImages(tx, user.id, change, 'profileImage');
    return updated!;
  });
}
