import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** A food truck's account by its id, or undefined (also when the id is another role's). */
export async function findTruck(db: DbOrTx, truckId: number) {
  const [truck] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, truckId), eq(users.role, 'foodtruck')));
  return truck;
}
