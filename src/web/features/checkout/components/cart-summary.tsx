import type { Dispatch } from 'react';
import { computeUnitPrice, PLATFORM_FEE_PERCENTAGE } from '@core/pricing';
import { formatBasisPoints, priceCheckout, type SalesTaxRule, type TipChoice } from '@core/tips-and-tax';
import { Button } from '@web/components/ui/button';
import { MAX_QUANTITY, type CartAction, type CartLine } from '../cart';
import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/** The cart's lines with plus, minus (never below 1) and remove, and the total the card will see. */
export function CartSummary({
  lines,
  dispatch,
  markupBasisPoints,
  markupLabel,
  salesTax,
  tip,
  locked,
}: {
  lines: CartLine[];
  dispatch: Dispatch<CartAction>;
  markupBasisPoints: number;
  /** "12.5" when the event has a markup, else null. */
  markupLabel: string | null;
  salesTax: SalesTaxRule;
  tip: TipChoice | undefined;
  /** While the card form is open the order can't change under it. */
  locked: boolean;
}) {
  const t = useT();
  const money = useEventMoney();
  if (lines.length === 0) {
    return <p className="text-sm text-stone-600">{t('checkout.yourCartIsEmpty')}</p>;
  }
  // Every line of the breakdown and the total from the one function the server prices with.
  const split = priceCheckout(lines, markupBasisPoints, salesTax, tip);
  return (
    <div>
      <ul aria-label={t('checkout.cartItems')} className="divide-y divide-stone-100">
        {lines.map((line) => {
          const unit = computeUnitPrice(line.baseCents, markupBasisPoints);
          return (
            <li key={line.menuItemId} aria-label={line.name} className="py-3 first:pt-0">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{line.name}</p>
                  <p className="text-xs text-stone-500">
                    {t('checkout.each', { cents: money.format(unit) })}
                  </p>
                </div>
                <p className="shrink-0 font-medium">{money.format(unit * line.quantity)}</p>
              </div>
              <div className="mt-2 flex items-center justify-between gap-2">
                <div
                  className="flex items-center gap-1"
                  role="group"
                  aria-label={t('checkout.quantityOf', { name: line.name })}
                >
                  <Button
                    variant="outline"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t('checkout.decreaseQuantityOf', { name: line.name })}
                    disabled={locked || line.quantity <= 1}
                    onClick={() => dispatch({ type: 'decrement', menuItemId: line.menuItemId })}
                  >
                    −
                  </Button>
                  <output
                    aria-label={t('checkout.quantity')}
                    aria-live="polite"
                    className="w-8 text-center tabular-nums"
                  >
                    {line.quantity}
                  </output>
                  <Button
                    variant="outline"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t('checkout.increaseQuantityOf', { name: line.name })}
                    disabled={locked || line.quantity >= MAX_QUANTITY}
                    onClick={() => dispatch({ type: 'increment', menuItemId: line.menuItemId })}
                  >
                    +
                  </Button>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('checkout.removeFromCart', { name: line.name })}
                  disabled={locked}
                  onClick={() => dispatch({ type: 'remove', menuItemId: line.menuItemId })}
                >
                  {t('checkout.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 border-t border-stone-200 pt-3">
        <dl className="space-y-1 text-sm text-stone-700">
          <div className="flex justify-between gap-2">
            <dt>{t('checkout.foodAtMenuPrices')}</dt>
            <dd className="tabular-nums">{money.format(split.menuCents)}</dd>
          </div>
          {split.markupCents > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('checkout.organizerMarkup', { markupLabel: markupLabel })}</dt>
              <dd className="tabular-nums">{money.format(split.markupCents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-2">
            <dt>{t('checkout.platformFee', { PLATFORM_FEE_PERCENTAGE: PLATFORM_FEE_PERCENTAGE })}</dt>
            <dd className="tabular-nums">{money.format(split.feeCents)}</dd>
          </div>
          {salesTax.basisPoints > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('checkout.salesTax', { basisPoints: formatBasisPoints(salesTax.basisPoints) })}</dt>
              <dd className="tabular-nums" data-testid="cart-tax">
                {money.format(split.taxCents)}
              </dd>
            </div>
          )}
          {split.tipCents > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('checkout.tipForTheCrew')}</dt>
              <dd className="tabular-nums" data-testid="cart-tip">
                {money.format(split.tipCents)}
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-2 flex justify-between border-t border-stone-100 pt-2 text-base font-semibold">
          <span>{t('checkout.total')}</span>
          <span data-testid="cart-total">{money.format(split.totalCents)}</span>
        </p>
        <p className="mt-1 text-xs text-stone-600">
          {t('checkout.theFoodAtThe', { cents: money.format(split.menuCents) })}
        </p>
      </div>
    </div>
  );
}
