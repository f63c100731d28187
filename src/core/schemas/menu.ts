import { idSchema } from './ids';
import { z } from './zod-messages';

/** The add form's categories; the superset of the spec's two readings (design.md section 9). */
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

export const menuItemSchema = z.object({
  foodTruckId: idSchema.optional(),
  name: z.string().trim().min(1, 'Item name is required').max(120),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
  category: z.enum(MENU_CATEGORIES).default('Entree'),
  price: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'Price is required' : 'Price must be a number',
    })
    .positive('Price must be greater than 0')
    .max(100_000, 'Price must be at most $100,000.00')
    .multipleOf(0.01, 'Use at most 2 decimals'),
  image: z
    .string()
    .max(7_000_100)
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean().default(true),
});
export type MenuItemInput = z.input<typeof menuItemSchema>;
