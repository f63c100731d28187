import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventMenuItems, menuItems, pendingOrderItems } from '../db/schema';
import { DomainError } from '../domain-error';
import { forgetUnusedImages } from '../images/image-store';

/**
 * Removes an item from the truck's menu. An item that orders or events refer to is only
 * deactivated, so receipts and order history keep their lines.
 */
export async function deleteMenuItem(
  db: Db,
  truckId: number,
  itemId: number,
  now: Date,
): Promise<'deleted' | 'deactivated'> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(menuItems).where(eq(menuItems.id, itemId)).for('update');
    if (!item || item.deletedAt) throw new DomainError('menu_item_not_found', 'Menu item not found');
    if (item.foodTruckId !== truckId)
      throw new DomainError('not_your_menu', 'You can only change your own menu');
    const [orderRef] = await tx
      .select({ id: pendingOrderItems.id })
      .from(pendingOrderItems)
      .where(eq(pendingOrderItems.menuItemId, itemId))
      .limit(1);
    const [eventRef] = await tx
      .select({ id: eventMenuItems.id })
      .from(eventMenuItems)
      .where(eq(eventMenuItems.menuItemId, itemId))
      .limit(1);
    if (orderRef || eventRef) {
      // Gone from every menu: its picture no longer counts toward the truck's caps.
      await tx
        .update(menuItems)
        .set({ isActive: false, deletedAt: now, imageHash: null })
        .where(eq(menuItems.id, itemId));
      if (item.imageHash) await forgetUnusedImages(tx, truckId);
      return 'deactivated';
    }
    await tx.delete(menuItems).where(eq(menuItems.id, itemId));
    if (item.imageHash) await forgetUnusedImages(tx, truckId);
    return 'deleted';
  });
}
