import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../core/money';
import type { Profile } from '../../core/schemas/profile';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { checkImageDataUrl } from '../images/check-image';

export async function updateProfile(db: DbOrTx, userId: number, profile: Profile, now: Date) {
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
      profileImage:
        profile.profileImage === null ? null : checkImageDataUrl(profile.profileImage, 'profileImage'),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}
