import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The smallest statement the database must answer for the app to be ready. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
