import { translate } from '@web/lib/i18n';

/** "1 item", "3 items": the cart's count as the cart bar and its announcement say it. */
export function describeItemCount(count: number): string {
  return translate('cart.itemCount', { count });
}
