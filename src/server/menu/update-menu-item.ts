import { eq } from 'drizzle-orm';
import type { Currency } from '../../core/currency';
import { typedAmountToMinor } from '../trucks/typed-amount';
import type { z } from 'zod';
import type { menuItemUpdateSchema } from '../../core/schemas/menu';
import type { Db } from '../db/client';
import { menuItems } from '../db/schema';
import { recountItemStock } from '../orders/item-stock';
import { DomainError } from '../domain-error';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

/**
 * The owner edits an item or switches it on or off. Orders already placed keep their own copy of the
 * price (`priceAtTime`, `basePriceAtTime`), so a new price only applies to orders placed after it.
 */
export async function updateMenuItem(
  db: Db,
  truckId: number,
  itemId: number,
  input: z.output<typeof menuItemUpdateSchema>,
  /** The truck's: the price is typed in it (decision 230). */
  currency: Currency = 'USD',
) {
  const [item] = await db.select().from(menuItems).where(eq(menuItems.id, itemId));
  if (!item || item.deletedAt) throw new DomainError('menu_item_not_found', 'Menu item not found');
  if (item.foodTruckId !== truckId)
    throw new DomainError('not_your_menu', 'You can only change your own menu');
  // No `image`, or the URL of the picture already there, keeps it; null removes it.
  const change = await readImageChange(input.image, item.imageHash, 'image', { db, id: truckId });
  return db.transaction(async (tx) => {
    const imageHash = await applyImageChange(tx, truckId, change, item.imageHash);
    const [updated] = await tx
      .update(menuItems)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.price !== undefined ? { price: typedAmountToMinor(input.price, currency, 'price') } : {}),
        ...(change.kind !== 'keep' ? { imageHash } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.stockPerEvent !== undefined ? { stockPerEvent: input.stockPerEvent } : {}),
        ...(input.dietaryTags !== undefined ? { dietaryTags: input.dietaryTags } : {}),
        ...(input.allergens !== undefined ? { allergens: input.allergens } : {}),
      })
      .where(eq(menuItems.id, itemId))
      .returning();
    await settleOwnerImages(tx, truckId, change, 'image');
    // An item that starts being limited counts what live orders already hold.
    if (item.stockPerEvent === null && input.stockPerEvent != null) await recountItemStock(tx, itemId);
    return updated!;
  });
}
