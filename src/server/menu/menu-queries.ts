import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { asCurrency, type Currency } from '../../core/currency';
import { menuItems, users } from '../db/schema';

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

/** The truck's currency (decision 230): its menu's prices are in it. USD for an unknown truck. */
export async function truckCurrency(db: DbOrTx, truckId: number): Promise<Currency> {
  const [truck] = await db.select({ currency: users.currency }).from(users).where(eq(users.id, truckId));
  return asCurrency(truck?.currency);
}
