import { formatCents } from '@core/money';
import type { PaymentRequest } from '../payment-request';

/** What the card form's button promises: a charge, a hold, or a saved card. */
export function submitLabel(request: Pick<PaymentRequest, 'mode' | 'chargeNow' | 'amount'>): string {
  if (request.mode === 'save') return `Save card for ${formatCents(request.amount)}`;
  if (request.chargeNow) return `Pay ${formatCents(request.amount)}`;
  return `Authorize ${formatCents(request.amount)}`;
}
