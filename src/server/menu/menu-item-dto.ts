import { ALLERGENS, DIETARY_TAGS } from '../../core/dietary';
import { minorToDecimal, type Currency } from '../../core/currency';
import { imageUrl } from '../../contract/images';
import type { MenuItemDto } from '../../contract/menu';
import type { menuItems } from '../db/schema';

/** A dish, its price in the truck's currency (decision 230). */
export function toMenuItemDto(item: typeof menuItems.$inferSelect, currency: Currency): MenuItemDto {
  return {
    id: item.id,
    foodTruckId: item.foodTruckId,
    name: item.name,
    description: item.description,
    price: minorToDecimal(item.price, currency),
    currency,
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
