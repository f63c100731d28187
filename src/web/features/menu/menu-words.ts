import { MENU_CATEGORIES } from '@core/schemas/menu';
import type { Translate } from '@web/lib/i18n';

/** A menu category in the page's language; a category of the truck's own words stays as written. */
export function categoryName(t: Translate, category: string): string {
  return (MENU_CATEGORIES as readonly string[]).includes(category)
    ? t(`menu.category.${category}`)
    : category;
}

/** The menu schema's messages (menuItemSchema, in English on both sides) by their key in `app`. */
const MESSAGES: Record<string, string> = {
  'Item name is required': 'menu.error.nameRequired',
  'Price is required': 'menu.error.priceRequired',
  'Price must be a number': 'menu.error.priceNumber',
  'Price must be greater than 0': 'menu.error.pricePositive',
  'Price must be at most $100,000.00': 'menu.error.priceMax',
  'Use at most 2 decimals': 'menu.error.decimals',
  'Stock per event must be a whole number': 'menu.error.stockWhole',
  'Stock per event cannot be negative': 'menu.error.stockNegative',
  'Stock per event can be at most 10,000': 'menu.error.stockMax',
  // The name's and the description's lengths (the schema's own limits).
  'String must contain at most 120 characters': 'menu.error.tooLong',
  'String must contain at most 1000 characters': 'menu.error.tooLong',
};
const LIMITS: Record<string, number> = {
  'String must contain at most 120 characters': 120,
  'String must contain at most 1000 characters': 1000,
};

/** A form's message in the page's language (a message the table does not know is shown as it is). */
export function menuMessage(t: Translate, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const known = MESSAGES[text];
  return known ? t(known, { count: LIMITS[text], max: '10,000' }) : text;
}
