import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { backfillUsernameKeys } from './auth/username-keys';
import type { Db } from './db/client';
import { menuItems, users } from './db/schema';

/**
 * Brings rows written by older versions up to date before the app serves: usernames without their
 * folded key (decision 022) and pictures still kept as data URLs (decision 085). One query tells
 * whether there are any, so on an up-to-date database that query is all a start pays; the picture
 * migration, and the image library it loads, only run when it has work (decision 107).
 */
export async function upgradeOldRows(db: Db, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<void> {
  const { rows } = (await db.execute(sql`
    select
      exists (select 1 from ${users} where ${users.usernameKey} is null) as "usernameKeys",
      exists (select 1 from ${users} where ${users.legacyProfileImage} is not null)
        or exists (select 1 from ${menuItems} where ${menuItems.legacyImageUrl} is not null) as "pictures"
  `)) as unknown as { rows: Array<{ usernameKeys: boolean; pictures: boolean }> };
  const [found] = rows;
  if (found?.usernameKeys ?? true) await backfillUsernameKeys(db);
  if (found?.pictures ?? true) {
    const { migrateLegacyImages } = await import('./images/migrate-legacy-images');
    await migrateLegacyImages(db, log);
  }
}
