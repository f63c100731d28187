import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Currency } from '../../core/currency';
import { typedAmountToMinor } from '../trucks/typed-amount';
import type { z } from 'zod';
import type { menuItemSchema } from '../../core/schemas/menu';
import type { Db } from '../db/client';
import { menuItems } from '../db/schema';
import { DomainError } from '../domain-error';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';
import { lockTruck } from '../trucks/truck-availability';

/**
 * The most dishes a truck's menu holds, switched on or off; deleted ones do not count (decision 220).
 * Every list of a menu (the truck's screen, the event's menu picker, the diner's page) is one answer.
 */
export const MAX_MENU_ITEMS = 100;

/**
 * A new item on the truck's menu, its picture (a data URL) put in the image store. The count is read
 * under the truck's row lock (`lockTruck`), so concurrent adds at the cap cannot all pass it.
 */
export async function createMenuItem(
  db: Db,
  truckId: number,
  input: z.output<typeof menuItemSchema>,
  /** The truck's: the price is typed in it (decision 230). */
  currency: Currency = 'USD',
) {
  const change = await readImageChange(input.image, null, 'image', { db, id: truckId });
  return db.transaction(async (tx) => {
    await lockTruck(tx, truckId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(menuItems)
      .where(and(eq(menuItems.foodTruckId, truckId), isNull(menuItems.deletedAt)));
    if (count >= MAX_MENU_ITEMS) {
      throw new DomainError(
        'menu_full',
        `A menu holds at most ${MAX_MENU_ITEMS} dishes, switched on or off. Delete one you no longer sell to add another.`,
      );
    }
    const imageHash = await applyImageChange(tx, truckId, change, null);
    const [item] = await tx
      .insert(menuItems)
      .values({
        foodTruckId: truckId,
        name: input.name,
        description: input.description,
        category: input.category,
        price: typedAmountToMinor(input.price, currency, 'price'),
        imageHash,
        isActive: input.isActive,
        stockPerEvent: input.stockPerEvent,
        dietaryTags: input.dietaryTags,
        allergens: input.allergens,
      })
      .returning();
    await settleOwnerImages(tx, truckId, change, 'image');
    return item!;
  });
}
