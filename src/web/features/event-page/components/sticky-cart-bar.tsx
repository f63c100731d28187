import { ShoppingBag } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { describeItemCount } from '../item-count';
import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/**
 * On a phone the cart sits far below the menu: this bar, fixed to the bottom of the screen, shows what
 * is in it and opens it. It leaves room on the right for the support chat's button.
 */
export function StickyCartBar({
  itemCount,
  totalCents,
  lastAdded,
  onOpenCart,
}: {
  itemCount: number;
  totalCents: number;
  /** The name of the item just added, shown for a moment as feedback. */
  lastAdded: string | null;
  onOpenCart: () => void;
}) {
  const t = useT();
  const money = useEventMoney();
  return (
    <div
      role="region"
      aria-label={t('eventPage.cartSummary')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.08)] lg:hidden"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 py-3 pr-24 pl-4">
        <ShoppingBag aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold tabular-nums" data-testid="sticky-cart-summary">
            {describeItemCount(itemCount)} · {money.format(totalCents)}
          </p>
          {lastAdded && (
            <p className="truncate text-xs text-emerald-800">
              {t('eventPage.added', { lastAdded: lastAdded })}
            </p>
          )}
        </div>
        <Button onClick={onOpenCart}>{t('eventPage.viewCart')}</Button>
      </div>
    </div>
  );
}
