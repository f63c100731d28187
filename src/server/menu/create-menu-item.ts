import { dollarsToCents } from '../../core/money';
import type { z } from 'zod';
import type { menuItemSchema } from '../../core/schemas/menu';
import type { Db } from '../db/client';
import { menuItems } from '../db/schema';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';

/** A new item on the truck's menu, its picture (a data URL) put in the image store. */
export async function createMenuItem(db: Db, truckId: number, input: z.output<typeof menuItemSchema>) {
  const change = await readImageChange(input.image, null, 'image', { db, id: truckId });
  return db.transaction(async (tx) => {
    const imageHash = await applyImageChange(tx, truckId, change, null);
    const [item] = await tx
      .insert(menuItems)
      .values({
        foodTruckId: truckId,
        name: input.name,
        description: input.description,
        category: input.category,
        price: dollarsToCents(input.price),
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
