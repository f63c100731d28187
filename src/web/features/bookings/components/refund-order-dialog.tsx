import { useState } from 'react';
import { asCurrency, CURRENCY_DIGITS, decimalToMinor, minorToDecimal, type Currency } from '@core/currency';
import type { EventOrderDto } from '@contract/orders';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';
import { parseTypedAmount } from '@web/lib/event-money';
import { currencySign } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { formatMinor } from '../money';

/** What is still charged on an order and may be refunded, in its currency's minor units (cents; yen). */
export function refundableCents(order: EventOrderDto): number {
  if (order.status !== 'charged') return 0;
  const currency = asCurrency(order.currency);
  return Math.max(
    0,
    decimalToMinor(order.totalAmount, currency) - decimalToMinor(order.refundedAmount, currency),
  );
}

/**
 * The amount typed, in the order's currency ("12.50", "$12.50"; "1500" or "¥1500" in yen), in minor
 * units; null when it is none or has more decimals than the currency.
 */
function toMinor(text: string, currency: Currency): number | null {
  return parseTypedAmount(text, currency, 6) || null;
}

/**
 * The truck refunds one order, whole or in part (a missing item): the amount (the whole remainder by
 * default) and a reason the diner reads, then a confirmation naming the amount.
 */
export function RefundOrderDialog({
  order,
  pending,
  onClose,
  onRefund,
}: {
  order: EventOrderDto | null;
  pending: boolean;
  onClose: () => void;
  onRefund: (amountCents: number, reason: string) => void;
}) {
  const t = useT('app');
  const currency = asCurrency(order?.currency);
  const money = (minor: number) => formatMinor(minor, currency);
  const left = order ? refundableCents(order) : 0;
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const text = amount ?? minorToDecimal(left, currency);
  const cents = toMinor(text, currency);
  const amountError =
    cents === null || cents <= 0
      ? t('bookings.refund.amountTooSmall', { least: money(1) })
      : cents > left
        ? t('bookings.refund.atMost', { amount: money(left) })
        : undefined;
  const reasonError = reason.trim() === '' ? t('bookings.refund.reasonMissing') : undefined;

  function close() {
    setAmount(null);
    setReason('');
    setTried(false);
    onClose();
  }

  function confirm() {
    setTried(true);
    if (amountError || reasonError || cents === null) return;
    onRefund(cents, reason.trim());
  }

  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => !open && close()}
      title={
        order
          ? t('bookings.refund.title', {
              what: order.pickupCode ?? t('bookings.refund.orderNumber', { id: order.id }),
            })
          : t('bookings.refund.refund')
      }
      description={
        order
          ? t('bookings.refund.description', {
              name: order.customerName,
              paid: money(decimalToMinor(order.totalAmount, currency)),
              left: money(left),
            })
          : ''
      }
      confirmLabel={
        pending
          ? t('bookings.refund.refunding')
          : cents && !amountError
            ? t('bookings.refund.refundAmount', { amount: money(cents) })
            : t('bookings.refund.refund')
      }
      onConfirm={confirm}
      destructive
      pending={pending}
    >
      <div className="mt-4 space-y-3">
        <FormField
          label={
            currency === 'USD'
              ? t('bookings.refund.amountLabel')
              : t('bookings.refund.amountLabelIn', { currency: currencySign(currency) })
          }
          error={tried ? amountError : undefined}
        >
          <Input
            inputMode={CURRENCY_DIGITS[currency] === 0 ? 'numeric' : 'decimal'}
            value={text}
            onChange={(e) => setAmount(e.target.value)}
          />
        </FormField>
        <FormField label={t('bookings.refund.reasonLabel')} error={tried ? reasonError : undefined}>
          <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
