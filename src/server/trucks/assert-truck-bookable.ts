import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { menuItems, type users } from '../db/schema';
import { DomainError } from '../domain-error';

/**
 * Refuses an event request for a truck the picker would not offer (decision 156, amended by 198): it
 * needs a business name, a minimum and a dish on its menu. The message names what is missing.
 */
export async function assertTruckBookable(
  db: DbOrTx,
  truck: Pick<typeof users.$inferSelect, 'id' | 'username' | 'businessName' | 'minimumSales'>,
): Promise<void> {
  const [dish] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(
      and(eq(menuItems.foodTruckId, truck.id), eq(menuItems.isActive, true), isNull(menuItems.deletedAt)),
    )
    .limit(1);
  const missing = [
    truck.businessName?.trim() ? null : 'no business name',
    truck.minimumSales === null ? 'no minimum' : null,
    dish ? null : 'no dish on its menu',
  ].filter((m) => m !== null);
  if (missing.length === 0) return;
  const name = truck.businessName?.trim() || truck.username;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  const message = `${name} can’t be booked yet: it has ${list}. Choose another truck.`;
  throw new DomainError('truck_not_bookable', message, { fields: { foodTruckId: message } });
}
