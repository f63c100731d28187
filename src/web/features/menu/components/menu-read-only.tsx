import { useState } from 'react';
import { fitsDiet, type DietFilter } from '@core/dietary';
import { DietFilterBar, NO_DIET_FILTER } from '@web/components/diet-filter';
import { DietLabels } from '@web/components/diet-labels';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { categoryName } from '../menu-words';
import { useMenuItems } from '../api/get-menu-items';

/**
 * A truck's active menu to read (its public page): by category, name, description, dietary tags,
 * allergens and price, with the event page's dietary filter.
 */
export function MenuReadOnly({ truckId }: { truckId: number }) {
  const t = useT('app');
  const menu = useMenuItems(truckId);
  const [diet, setDiet] = useState<DietFilter>(NO_DIET_FILTER);
  if (menu.isPending) return <Spinner label={t('menu.loadingMenu')} />;
  if (menu.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('menu.menuFailed')}
      </p>
    );
  if (menu.data.length === 0) return <p className="text-sm text-muted">{t('menu.nothingYet')}</p>;
  const shown = menu.data.filter((item) => fitsDiet(item, diet));
  const categories = [...new Set(shown.map((item) => item.category))];
  return (
    <div className="space-y-5">
      <DietFilterBar items={menu.data} filter={diet} onChange={setDiet} shown={shown.length} />
      {shown.length === 0 && <p className="text-sm text-muted">{t('menu.noMatch')}</p>}
      {categories.map((category) => (
        <section key={category}>
          <h3 className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {categoryName(t, category)}
          </h3>
          <ul className="mt-2 divide-y divide-line">
            {shown
              .filter((item) => item.category === category)
              .map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{item.name}</p>
                    {item.description && <p className="text-sm break-words text-muted">{item.description}</p>}
                    <DietLabels tags={item.dietaryTags} allergens={item.allergens} />
                  </div>
                  <p className="shrink-0 font-semibold">{formatMoney(item.price, item.currency)}</p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
