import { centsToDecimal } from '../../core/money';
import type { menuItems } from '../db/schema';

export function toMenuItemDto(item: typeof menuItems.$inferSelect) {
  return {
    id: item.id,
    foodTruckId: item.foodTruckId,
    name: item.name,
    description: item.description,
    price: centsToDecimal(item.price),
    image: item.imageUrl,
    category: item.category,
    isActive: item.isActive,
  };
}
export type MenuItemDto = ReturnType<typeof toMenuItemDto>;
