import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { menuItems } from '../db/schema';

/**
 * A truck's menu, by category then name: what anyone sees (its active items), or with
 * `includeInactive` what the truck's own menu screen lists (every item it has not deleted).
 */
export function menuOfTruck(db: DbOrTx, truckId: number, includeInactive: boolean) {
  return db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.foodTruckId, truckId),
        includeInactive ? isNull(menuItems.deletedAt) : eq(menuItems.isActive, true),
      ),
    )
    .orderBy(asc(menuItems.category), asc(menuItems.name));
}
