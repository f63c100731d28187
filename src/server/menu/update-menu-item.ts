import { eq } from 'drizzle-orm';
import { dollarsToCents } from '../../core/money';
import type { z } from 'zod';
import type { menuItemUpdateSchema } from '../../core/schemas/menu';
import type { Db } from '../db/client';
import { menuItems } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { checkImageDataUrl } from '../images/check-image';

/**
 * The owner edits an item or switches it on or off. Orders already placed keep their own copy of the
 * price (`priceAtTime`, `basePriceAtTime`), so a new price only applies to orders placed after it.
 */
export async function updateMenuItem(
  db: Db,
  truckId: number,
  itemId: number,
  input: z.output<typeof menuItemUpdateSchema>,
) {
  const [item] = await db.select().from(menuItems).where(eq(menuItems.id, itemId));
  if (!item || item.deletedAt) throw notFound('Menu item not found');
  if (item.foodTruckId !== truckId) throw forbidden('You can only change your own menu');
  const imageUrl =
    input.image === undefined
      ? undefined
      : input.image === null || input.image === ''
        ? null
        : await checkImageDataUrl(input.image, 'image');
  const [updated] = await db
    .update(menuItems)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.price !== undefined ? { price: dollarsToCents(input.price) } : {}),
      ...(imageUrl !== undefined ? { imageUrl } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    })
    .where(eq(menuItems.id, itemId))
    .returning();
  return updated!;
}
