import { and, asc, eq, exists, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { menuItems, users } from '../db/schema';

/**
 * The trucks an organizer's picker offers: those with a name, a minimum and at least one dish on their
 * menu (decision 156). A truck registered a minute ago with none of them has nothing to book yet.
 */
export function listBookableTrucks(db: DbOrTx) {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'foodtruck'),
        isNotNull(users.businessName),
        ne(sql`trim(${users.businessName})`, ''),
        isNotNull(users.minimumSales),
        exists(
          db
            .select({ one: sql`1` })
            .from(menuItems)
            .where(
              and(
                eq(menuItems.foodTruckId, users.id),
                eq(menuItems.isActive, true),
                isNull(menuItems.deletedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.businessName), asc(users.username));
}
