import { memo, Suspense, useId } from 'react';
import type { MenuItemDto } from '@contract/menu';
import { PLATFORM_FEE_PERCENTAGE, splitUnitPrice } from '@core/pricing';
import { stockLabel } from '@core/stock';
import { lazyPage } from '@web/lib/lazy-page';
import { StoredImage } from '@web/components/stored-image';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/**
 * The menu's categories (MENU_CATEGORIES of @core/schemas/menu, whose zod the page does not load), named
 * in the page's language; a category of the truck's own words stays as written.
 */
const CATEGORIES = new Set(['Appetizer', 'Entree', 'Side', 'Dessert', 'Drink', 'Special Items', 'Combo']);

/**
 * A dish's dietary tags and allergens: in the server's HTML (the page preloads them, decision 108), but
 * their code hydrates when it arrives, not as part of the page's first script (decision 174).
 */
export const DietLabels = lazyPage(() => import('@web/components/diet-labels').then((m) => m.DietLabels));
// In the browser, asked for as soon as the page's code runs, alongside hydration.
if (typeof window !== 'undefined') void DietLabels.preload().catch(() => undefined);

/**
 * The labels in their own boundary, re-rendered only when the dish's lists change: a server-rendered
 * boundary that React must update before its code has arrived is rendered again on the client, and the
 * labels would blink out until then (the cart and the stock re-render the cards).
 */
const DietLabelsSlot = memo(function DietLabelsSlot({
  tags,
  allergens,
}: {
  tags: MenuItemDto['dietaryTags'];
  allergens: MenuItemDto['allergens'];
}) {
  return (
    <Suspense fallback={null}>
      <DietLabels tags={tags} allergens={allergens} />
    </Suspense>
  );
});

/**
 * The menu at what a diner pays (base + markup + platform fee, core/pricing.ts). Add to Cart is shown
 * only while the event takes orders.
 */
export function MenuGrid({
  items,
  visible,
  markupBasisPoints,
  onAdd,
  left,
  inCart,
}: {
  items: MenuItemDto[];
  /** The items the diner's filter lets through, when one is on. */
  visible?: MenuItemDto[] | undefined;
  markupBasisPoints: number;
  onAdd?: ((item: MenuItemDto) => void) | undefined;
  /** Units left of the event's limited items, by id. */
  left?: Map<number, number> | undefined;
  /** How many of an item this diner's cart holds. */
  inCart?: ((menuItemId: number) => number) | undefined;
}) {
  const t = useT();
  if (items.length === 0) {
    return <p className="text-sm text-stone-600">{t('eventPage.thisFoodTruckHas')}</p>;
  }
  if (visible && visible.length === 0) {
    return <p className="text-sm text-stone-600">{t('eventPage.noDishesMatchThese')}</p>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {(visible ?? items).map((item) => (
        <li key={item.id} className="min-w-0">
          <MenuItemCard
            item={item}
            markupBasisPoints={markupBasisPoints}
            onAdd={onAdd}
            left={left?.get(item.id)}
            inCart={inCart?.(item.id) ?? 0}
          />
        </li>
      ))}
    </ul>
  );
}

function MenuItemCard({
  item,
  markupBasisPoints,
  onAdd,
  left,
  inCart,
}: {
  item: MenuItemDto;
  markupBasisPoints: number;
  onAdd?: ((item: MenuItemDto) => void) | undefined;
  left: number | undefined;
  inCart: number;
}) {
  const t = useT();
  const money = useEventMoney();
  const headingId = useId();
  const stock = stockLabel(left);
  const soldOut = stock?.kind === 'sold-out';
  // The cart already holds every unit left: nothing more to add.
  const allInCart = left !== undefined && !soldOut && inCart >= left;
  const price = splitUnitPrice(money.parse(item.price), markupBasisPoints);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      {item.image && (
        <StoredImage
          src={item.image}
          sizes="(min-width: 640px) 50vw, 100vw"
          width={320}
          height={144}
          alt={item.name}
          className="h-36 w-full object-cover"
          loading="lazy"
        />
      )}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold break-words">
            {item.name}
          </h3>
          <p className="shrink-0 font-semibold">{money.format(price.unitCents)}</p>
        </div>
        <p className="text-xs font-medium uppercase tracking-wide text-stone-500">
          {CATEGORIES.has(item.category) ? t(`eventPage.category.${item.category}`) : item.category}
        </p>
        {stock && (
          <p className="mt-1 text-sm font-semibold text-red-800">
            {stock.kind === 'sold-out' ? t('eventPage.soldOut') : t('eventPage.left', { count: stock.left })}
          </p>
        )}
        {item.description && <p className="mt-2 text-sm break-words text-stone-700">{item.description}</p>}
        {item.dietaryTags.length + item.allergens.length > 0 && (
          <DietLabelsSlot tags={item.dietaryTags} allergens={item.allergens} />
        )}
        <p className="mt-2 text-xs text-stone-600" data-testid="price-breakdown">
          {[
            t('eventPage.menuPrice', { amount: money.format(price.menuCents) }),
            price.markupCents > 0 &&
              t('eventPage.organizerMarkup', { amount: money.format(price.markupCents) }),
            t('eventPage.platformFee', {
              amount: money.format(price.feeCents),
              percent: PLATFORM_FEE_PERCENTAGE,
            }),
          ]
            .filter(Boolean)
            .join(' + ')}
        </p>
        {onAdd && (
          <div className="mt-auto pt-4">
            <Button
              variant="outline"
              className="w-full"
              aria-describedby={headingId}
              disabled={soldOut || allInCart}
              onClick={() => onAdd(item)}
            >
              {soldOut
                ? t('eventPage.soldOut')
                : allInCart
                  ? t('eventPage.allLeftAreIn')
                  : t('eventPage.addToCart')}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
