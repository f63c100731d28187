import type { Translate } from '@web/lib/i18n';
import type { PaymentRequest } from '../payment-request';

/**
 * What the card form's button promises, in the page's language: a charge, a hold, or a saved card, for
 * the amount formatted in the event's currency (`format` takes minor units).
 */
export function submitLabel(
  request: Pick<PaymentRequest, 'mode' | 'chargeNow' | 'amount'>,
  t: Translate,
  format: (minor: number) => string,
): string {
  const amount = format(request.amount);
  if (request.mode === 'save') return t('orders.saveCardFor', { amount });
  if (request.chargeNow) return t('orders.payAmount', { amount });
  return t('orders.authorizeAmount', { amount });
}
