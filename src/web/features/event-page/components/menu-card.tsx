import { Suspense, useState } from 'react';
import type { MenuItemDto } from '@contract/menu';
import { fitsDiet, type DietFilter } from '@core/dietary';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { lazyPage } from '@web/lib/lazy-page';
import { MenuGrid } from './menu-grid';
import { useT } from '@web/lib/i18n';

/** The menu's dietary filter: only for a menu whose dishes carry tags or allergens (decision 172). */
export const DietFilterBar = lazyPage(() =>
  import('@web/components/diet-filter').then((m) => m.DietFilterBar),
);

/** The event's menu: its markup, the dietary filter when the dishes say what they are, and the dishes. */
export function MenuCard({
  items,
  menu,
  markupBasisPoints,
  markupPercentage,
  onAdd,
  left,
  inCart,
}: {
  /** The dishes the event offers, from `menu` once it has answered. */
  items: MenuItemDto[];
  /** The truck's menu as asked for: still loading, failed (Retry asks again), or answered. */
  menu: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  markupBasisPoints: number;
  markupPercentage: number;
  onAdd?: (item: MenuItemDto) => void;
  /** Units left of the event's limited items, by id. */
  left?: Map<number, number> | undefined;
  inCart: (menuItemId: number) => number;
}) {
  const t = useT();
  const [diet, setDiet] = useState<DietFilter>({ tags: [], without: [] });
  const dietFiltered = diet.tags.length + diet.without.length > 0;
  const hasDietInfo = items.some((item) => item.dietaryTags.length + item.allergens.length > 0);
  return (
    <Card id="menu" aria-labelledby="menu-title" className="min-w-0 scroll-mt-20 lg:col-span-2">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="menu-title">{t('eventPage.menu')}</CardTitle>
        {markupBasisPoints > 0 && (
          <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700">
            {t('eventPage.priceMarkup', { markupPercentage: markupPercentage })}
          </span>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {markupBasisPoints > 0 && (
          <p className="text-sm text-stone-700">
            {t('eventPage.pricesIncludeAMarkup', { markupPercentage: markupPercentage })}
          </p>
        )}
        {menu.isPending ? (
          <Spinner label={t('eventPage.loadingTheMenu')} />
        ) : menu.isError ? (
          <Alert tone="error" title={t('eventPage.couldNotLoadThe')}>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void menu.refetch()}>
              {t('eventPage.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            {hasDietInfo && (
              <Suspense fallback={null}>
                <DietFilterBar
                  items={items}
                  filter={diet}
                  onChange={setDiet}
                  shown={items.filter((item) => fitsDiet(item, diet)).length}
                />
              </Suspense>
            )}
            <MenuGrid
              items={items}
              visible={dietFiltered ? items.filter((item) => fitsDiet(item, diet)) : undefined}
              markupBasisPoints={markupBasisPoints}
              onAdd={onAdd}
              left={left}
              inCart={inCart}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
