import { MAX_STOCK_PER_EVENT } from '../stock';
import { ALLERGENS, DIETARY_TAGS } from '../dietary';
import { idSchema } from './ids';
import { optionalText } from './profile';
import { z } from './zod-messages';

/** The add form's categories; the superset of the product's two readings. */
export const MENU_CATEGORIES = [
  'Appetizer',
  'Entree',
  'Side',
  'Dessert',
  'Drink',
  'Special Items',
  'Combo',
] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

const menuItemName = z.string().trim().min(1, 'Item name is required').max(120);
const menuItemDescription = optionalText(1000);
const menuItemPrice = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'Price is required' : 'Price must be a number',
  })
  .positive('Price must be greater than 0')
  .max(100_000, 'Price must be at most $100,000.00')
  .multipleOf(0.01, 'Use at most 2 decimals');
/** How many the truck makes for one event; null (or left out): no limit. */
const stockPerEvent = z
  .number({ error: 'Stock per event must be a whole number' })
  .int('Stock per event must be a whole number')
  .min(0, 'Stock per event cannot be negative')
  .max(MAX_STOCK_PER_EVENT, `Stock per event can be at most ${MAX_STOCK_PER_EVENT.toLocaleString('en-US')}`)
  .nullable();

/** A fixed list, each entry once (a repeat is dropped), with a message naming what is allowed. */
function listOf<T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z
    .array(z.enum(values, { error: `Unknown ${what}: use ${values.join(', ')}` }))
    .max(values.length * 2)
    .transform((list): Array<T[number]> => values.filter((value) => list.includes(value)));
}
export const dietaryTagsSchema = listOf(DIETARY_TAGS, 'dietary tag');
export const allergensSchema = listOf(ALLERGENS, 'allergen');

export const menuItemSchema = z.object({
  foodTruckId: idSchema.optional(),
  name: menuItemName,
  description: menuItemDescription,
  category: z.enum(MENU_CATEGORIES).default('Entree'),
  price: menuItemPrice,
  image: z
    .string()
    .max(7_000_100)
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean().default(true),
  stockPerEvent: stockPerEvent.optional().transform((v) => v ?? null),
  dietaryTags: dietaryTagsSchema.default([]),
  allergens: allergensSchema.default([]),
});
export type MenuItemInput = z.input<typeof menuItemSchema>;

/**
 * An edit of an existing item: only the fields sent change. `image: null` removes the picture, no
 * `image` (or the URL the item's answer carried) keeps it. Orders keep the prices they were placed at, whatever changes here.
 */
export const menuItemUpdateSchema = z
  .object({
    name: menuItemName.optional(),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    category: z.enum(MENU_CATEGORIES).optional(),
    price: menuItemPrice.optional(),
    image: z.string().max(7_000_100).nullable().optional(),
    isActive: z.boolean().optional(),
    stockPerEvent: stockPerEvent.optional(),
    dietaryTags: dietaryTagsSchema.optional(),
    allergens: allergensSchema.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), 'Nothing to change');
export type MenuItemUpdateInput = z.input<typeof menuItemUpdateSchema>;
