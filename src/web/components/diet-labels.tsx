import { DIETARY_TAG_LABELS, type Allergen, type DietaryTag } from '@core/dietary';
import { useT } from '../lib/i18n';

/**
 * A dish's dietary tags (a mark and its words, so never the mark alone) and the allergens it
 * contains, in words. Nothing when the truck ticked neither.
 */
export function DietLabels({
  tags,
  allergens,
}: {
  tags: readonly DietaryTag[];
  allergens: readonly Allergen[];
}) {
  const t = useT();
  if (tags.length === 0 && allergens.length === 0) return null;
  return (
    <div className="mt-2 space-y-1 text-xs">
      {tags.length > 0 && (
        <ul aria-label={t('ui.dietary')} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full bg-emerald-50 py-0.5 pr-2 pl-0.5 text-emerald-900"
            >
              <span
                aria-hidden="true"
                className="flex size-5 items-center justify-center rounded-full bg-emerald-700 text-[0.6rem] font-bold text-white"
              >
                {DIETARY_TAG_LABELS[tag].mark}
              </span>
              {t(`ui.tags.${tag}`)}
            </li>
          ))}
        </ul>
      )}
      {allergens.length > 0 && (
        <p className="text-amber-900">
          <span aria-hidden="true">⚠ </span>
          <span className="font-semibold">{t('ui.contains')}</span>{' '}
          {allergens.map((a) => t(`ui.allergens.${a}`)).join(', ')}
        </p>
      )}
    </div>
  );
}
