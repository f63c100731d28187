import { ALLERGENS, DIETARY_TAGS } from '../../core/dietary';
import { centsToDecimal } from '../../core/money';
import { imageUrl } from '../../contract/images';
import type { MenuItemDto } from '../../contract/menu';
import type { menuItems } from '../db/schema';

export function toMenuItemDto(item: typeof menuItems.$inferSelect): MenuItemDto {
  return {
    id: item.id,
    foodTruckId: item.foodTruckId,
    name: item.name,
    description: item.description,
    price: centsToDecimal(item.price),
    image: imageUrl(item.imageHash),
    category: item.category,
    isActive: item.isActive,
    stockPerEvent: item.stockPerEvent,
    // In the lists' order; a value the lists no longer hold is not shown.
    dietaryTags: DIETARY_TAGS.filter((tag) => item.dietaryTags.includes(tag)),
    allergens: ALLERGENS.filter((allergen) => item.allergens.includes(allergen)),
  };
}
export type { MenuItemDto };
