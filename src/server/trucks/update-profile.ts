import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../core/money';
import type { Profile } from '../../core/schemas/profile';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

export async function updateProfile(db: Db, userId: number, profile: Profile, now: Date) {
  // The form sends the stored picture's URL back unchanged on every save: that keeps it as it is.
  const [current] = await db
    .select({ profileImageHash: users.profileImageHash })
    .from(users)
    .where(eq(users.id, userId));
  const currentHash = current?.profileImageHash ?? null;
  const change = await readImageChange(profile.profileImage, currentHash, 'profileImage', {
    db,
    id: userId,
  });
  return db.transaction(async (tx) => {
    const profileImageHash = await applyImageChange(tx, userId, change, currentHash);
    const [user] = await tx
      .update(users)
      .set({
        businessName: profile.businessName,
        description: profile.description,
        minimumSales: profile.minimumSales === null ? null : dollarsToCents(profile.minimumSales),
        cuisine: profile.cuisine,
        location: profile.location,
        contactEmail: profile.contactEmail,
        phone: profile.phone,
        ...(change.kind === 'keep' ? {} : { profileImageHash }),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    await settleOwnerImages(tx, userId, change, 'profileImage');
    return user!;
  });
}
