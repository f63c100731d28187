import { z } from '../core/schemas/zod-messages';
import { ALLERGENS, DIETARY_TAGS } from '../core/dietary';
import { currencySchema, moneySchema } from './common';

export { menuItemSchema, menuItemUpdateSchema } from '../core/schemas/menu';
export type { MenuItemInput, MenuItemUpdateInput } from '../core/schemas/menu';

export const menuItemDtoSchema = z
  .object({
    id: z.number().int(),
    foodTruckId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    price: moneySchema,
    /** The truck's currency: the price is in it (decision 230). */
    currency: currencySchema,
    /** The picture's URL (`/api/images/<sha256>`, see contract/images.ts), or null. */
    image: z.string().nullable(),
    category: z.string(),
    isActive: z.boolean(),
    /** How many the truck makes for one event; null: no limit. What is left: `GET /api/events/{id}/stock`. */
    stockPerEvent: z.number().int().nullable(),
    /** What the item is: vegetarian, vegan, … (fixed list, decision 172). */
    dietaryTags: z.array(z.enum(DIETARY_TAGS)),
    /** Which of the 9 major US allergens it contains. */
    allergens: z.array(z.enum(ALLERGENS)),
  })
  .meta({ id: 'MenuItem' });
export type MenuItemDto = z.infer<typeof menuItemDtoSchema>;

export const menuQuerySchema = z.object({ includeInactive: z.enum(['true', 'false']).optional() });

export const deleteMenuItemResponse = z.object({
  message: z.string(),
  /** The item was on past orders, so it was switched off instead of deleted. */
  deactivated: z.boolean(),
});

/** What is left of the event's stock-limited items (docs/decisions/196-stock-per-event.md). */
export const eventStockSchema = z
  .object({
    items: z.array(
      z.object({
        menuItemId: z.number().int(),
        /** The truck's limit for one event. */
        limit: z.number().int(),
        /** Units not yet held by a live order; 0 is sold out. */
        left: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'EventStock' });
export type EventStockDto = z.infer<typeof eventStockSchema>;
