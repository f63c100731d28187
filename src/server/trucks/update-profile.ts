import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../core/money';
import type { Profile } from '../../core/schemas/profile';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { checkImageDataUrl } from '../images/check-image';

export async function updateProfile(db: DbOrTx, userId: number, profile: Profile, now: Date) {
  // The form sends the stored picture back unchanged on every save: re-encode only a new one, so a
  // JPEG doesn't lose quality each time.
  const [current] = await db
    .select({ profileImage: users.profileImage })
    .from(users)
    .where(eq(users.id, userId));
  const profileImage =
    profile.profileImage === null
      ? null
      : profile.profileImage === current?.profileImage
        ? profile.profileImage
        : await checkImageDataUrl(profile.profileImage, 'profileImage');
  const [user] = await db
    .update(users)
    .set({
      businessName: profile.businessName,
      description: profile.description,
      minimumSales: profile.minimumSales === null ? null : dollarsToCents(profile.minimumSales),
      cuisine: profile.cuisine,
      location: profile.location,
      contactEmail: profile.contactEmail,
      phone: profile.phone,
      profileImage,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}
