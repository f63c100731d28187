import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { ALLERGENS, DIETARY_TAGS, type Allergen, type DietaryTag, type DietFilter } from '@core/dietary';

export const NO_DIET_FILTER: DietFilter = { tags: [], without: [] };

/**
 * Toggles that narrow a menu: "Vegetarian" shows only dishes with the tag, "No peanuts" hides those
 * that contain peanuts. Only what the menu's dishes carry is offered; each toggle says whether it is
 * on (aria-pressed), and the count of dishes shown is announced.
 */
export function DietFilterBar({
  items,
  filter,
  onChange,
  shown,
}: {
  items: ReadonlyArray<{ dietaryTags: readonly DietaryTag[]; allergens: readonly Allergen[] }>;
  filter: DietFilter;
  onChange: (filter: DietFilter) => void;
  shown: number;
}) {
  const t = useT();
  const tags = DIETARY_TAGS.filter((tag) => items.some((item) => item.dietaryTags.includes(tag)));
  const allergens = ALLERGENS.filter((a) => items.some((item) => item.allergens.includes(a)));
  if (tags.length === 0 && allergens.length === 0) return null;
  const toggle = <T,>(list: readonly T[], value: T) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const active = filter.tags.length + filter.without.length > 0;
  return (
    <div role="group" aria-labelledby="diet-filter-title" className="rounded-lg bg-stone-50 p-3">
      <p id="diet-filter-title" className="mb-2 text-sm font-semibold">
        {t('ui.filterMenu')}
      </p>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <Toggle
            key={tag}
            on={filter.tags.includes(tag)}
            onClick={() => onChange({ ...filter, tags: toggle(filter.tags, tag) })}
          >
            {t(`ui.tags.${tag}`)}
          </Toggle>
        ))}
        {allergens.map((allergen) => (
          <Toggle
            key={allergen}
            on={filter.without.includes(allergen)}
            onClick={() => onChange({ ...filter, without: toggle(filter.without, allergen) })}
          >
            {t('ui.without', { allergen: t(`ui.allergens.${allergen}`).toLowerCase() })}
          </Toggle>
        ))}
        {active && (
          <button
            type="button"
            className="min-h-9 px-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
            onClick={() => onChange(NO_DIET_FILTER)}
          >
            {t('ui.clearFilters')}
          </button>
        )}
      </div>
      <p role="status" className="mt-2 text-xs text-stone-600">
        {active ? t('ui.showingDishes', { shown, count: items.length }) : ''}
      </p>
    </div>
  );
}

function Toggle({ on, onClick, children }: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onClick}
      className={`min-h-9 rounded-full border px-3 text-sm font-medium ${
        on ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-stone-300 bg-white text-stone-800'
      }`}
    >
      {on && <span aria-hidden="true">✓ </span>}
      {children}
    </button>
  );
}
