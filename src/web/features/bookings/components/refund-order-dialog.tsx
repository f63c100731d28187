import { useState } from 'react';
import { formatCents, parseDecimalToCents } from '@core/money';
import type { EventOrderDto } from '@contract/orders';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input, Textarea } from '@web/components/ui/input';

/** What is still charged on an order and may be refunded, in cents. */
export function refundableCents(order: EventOrderDto): number {
  if (order.status !== 'charged') return 0;
  return Math.max(0, parseDecimalToCents(order.totalAmount) - parseDecimalToCents(order.refundedAmount));
}

function toCents(text: string): number | null {
  try {
    return parseDecimalToCents(text.replace(/^\$/, ''));
  } catch {
    return null;
  }
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
  const left = order ? refundableCents(order) : 0;
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const text = amount ?? (left / 100).toFixed(2);
  const cents = toCents(text);
  const amountError =
    cents === null || cents <= 0
      ? 'Enter an amount of at least $0.01'
      : cents > left
        ? `At most ${formatCents(left)} is left to refund`
        : undefined;
  const reasonError = reason.trim() === '' ? 'Please give a reason' : undefined;

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
      title={order ? `Refund ${order.pickupCode ?? `order #${order.id}`}?` : 'Refund'}
      description={
        order
          ? `${order.customerName} paid ${formatCents(parseDecimalToCents(order.totalAmount))}; ${formatCents(left)} can still be refunded. The money goes back to their card and they are told by e-mail, with your reason. This can't be undone.`
          : ''
      }
      confirmLabel={
        pending ? 'Refunding…' : `Refund ${cents && !amountError ? formatCents(cents) : ''}`.trim()
      }
      onConfirm={confirm}
      destructive
      pending={pending}
    >
      <div className="mt-4 space-y-3">
        <FormField label="Amount to refund ($)" error={tried ? amountError : undefined}>
          <Input inputMode="decimal" value={text} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label="Reason (the diner reads it)" error={tried ? reasonError : undefined}>
          <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
