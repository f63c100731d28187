/**
 * What a menu item is (its dietary tags) and what it contains (the 9 major US food allergens of
 * FALCPA and the FASTER Act), as fixed lists: a diner filters by them, and a truck ticks them
 * (docs/decisions/172-dietary-tags-and-allergens.md). Kept small: the event page ships these labels.
 */
export const DIETARY_TAGS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'halal', 'kosher'] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const ALLERGENS = [
  'milk',
  'eggs',
  'fish',
  'shellfish',
  'tree-nuts',
  'peanuts',
  'wheat',
  'soy',
  'sesame',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** A tag's words, and the short mark shown beside them (the words always go with it). */
export const DIETARY_TAG_LABELS: Record<DietaryTag, { label: string; mark: string }> = {
  vegetarian: { label: 'Vegetarian', mark: 'V' },
  vegan: { label: 'Vegan', mark: 'VG' },
  'gluten-free': { label: 'Gluten-free', mark: 'GF' },
  'dairy-free': { label: 'Dairy-free', mark: 'DF' },
  halal: { label: 'Halal', mark: 'H' },
  kosher: { label: 'Kosher', mark: 'K' },
};

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  milk: 'Milk',
  eggs: 'Eggs',
  fish: 'Fish',
  shellfish: 'Crustacean shellfish',
  'tree-nuts': 'Tree nuts',
  peanuts: 'Peanuts',
  wheat: 'Wheat',
  soy: 'Soybeans',
  sesame: 'Sesame',
};

/** What a diner can ask of the menu: items with a tag, or items without an allergen ("No peanuts"). */
export interface DietFilter {
  tags: readonly DietaryTag[];
  without: readonly Allergen[];
}

/** Whether an item carries every tag asked for and none of the allergens to avoid. */
export function fitsDiet(
  item: { dietaryTags: readonly string[]; allergens: readonly string[] },
  filter: DietFilter,
): boolean {
  return (
    filter.tags.every((tag) => item.dietaryTags.includes(tag)) &&
    !filter.without.some((allergen) => item.allergens.includes(allergen))
  );
}

/** The most characters a diner's note to the truck may have, once trimmed. */
export const ORDER_NOTE_MAX = 200;
export const ORDER_NOTE_TOO_LONG = `The note to the truck can be at most ${ORDER_NOTE_MAX} characters`;
