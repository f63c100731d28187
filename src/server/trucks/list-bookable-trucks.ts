import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { isListedTruck } from './truck-directory';

/**
 * The trucks an organizer's picker offers: the directory's listed trucks, those with a name, a minimum
 * and at least one dish on their menu (decisions 156 and 170). A truck registered a minute ago with none
 * of them has nothing to book yet.
 */
export function listBookableTrucks(db: DbOrTx) {
  return db.select().from(users).where(isListedTruck()).orderBy(asc(users.businessName), asc(users.username));
}
