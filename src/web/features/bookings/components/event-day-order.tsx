import { isRefundedInFull, type FulfilmentState } from '@core/fulfilment';
import { formatMoney } from '@web/lib/format-money';
import { parseDecimalToCents } from '@core/money';
import type { EventDayOrdersDto } from '@contract/bookings';
import type { EventOrderDto } from '@contract/orders';
import { Button } from '@web/components/ui/button';
import { StatusBadge } from '@web/components/ui/status-badge';
import { useT } from '@web/lib/i18n';
import { refundableCents } from './refund-order-dialog';

/** Labelled amounts in columns, as a named group (the screen's money, decision 199). */
function MoneyColumns({
  label,
  rows,
  className,
  currency,
  boldAll = false,
}: {
  label: string;
  rows: ReadonlyArray<readonly [string, string]>;
  className: string;
  currency?: string;
  boldAll?: boolean;
}) {
  return (
    <div role="group" aria-label={label}>
      <dl className={`grid text-sm tabular-nums ${className}`}>
        {rows.map(([name, amount], i) => (
          <div key={name} className="min-w-0">
            <dt className="text-xs text-muted">{name}</dt>
            <dd className={boldAll || i === rows.length - 1 ? 'font-semibold' : undefined}>
              {formatMoney(amount, currency)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * An order's money in columns: the food, the sales tax and the tip (the truck's), and what the diner
 * pays in all (with the organizer's markup and the fee).
 */
function OrderMoney({ order }: { order: EventOrderDto }) {
  const t = useT('app');
  return (
    <MoneyColumns
      label={t('bookings.day.moneyOf', { code: order.pickupCode })}
      className="mt-2 grid-cols-4 gap-x-2"
      currency={order.currency}
      rows={[
        [t('bookings.day.food'), order.subtotalAmount],
        [t('bookings.day.tax'), order.taxAmount],
        [t('bookings.day.tip'), order.tipAmount],
        [t('bookings.day.total'), order.totalAmount],
      ]}
    />
  );
}

/**
 * The day's money over every order (not only those shown): food, sales tax and tips of the orders not
 * refunded in full, what the truck refunded (when it did), and what diners paid less those refunds.
 */
export function EventDayTotals({
  totals,
  currency,
}: {
  totals: EventDayOrdersDto['totals'];
  /** The event's currency (USD when not given). */
  currency?: string;
}) {
  const t = useT('app');
  const refunded = parseDecimalToCents(totals.refunded) > 0;
  return (
    <MoneyColumns
      label={t('bookings.day.totalsLabel')}
      currency={currency}
      className={`mt-2 grid-cols-2 gap-x-4 gap-y-1 rounded-card border border-line bg-white p-3 ${refunded ? 'sm:grid-cols-5' : 'sm:grid-cols-4'}`}
      boldAll
      rows={[
        [t('bookings.day.food'), totals.food],
        [t('bookings.day.salesTax'), totals.salesTax],
        [t('bookings.day.tips'), totals.tip],
        ...(refunded ? [[t('bookings.day.refunded'), totals.refunded] as const] : []),
        [t('bookings.day.totalPaid'), totals.total],
      ]}
    />
  );
}

/** Whether the diner got all of their money back: nothing is handed over against the order then. */
export function orderRefundedInFull(order: EventOrderDto): boolean {
  return isRefundedInFull({
    status: order.status,
    totalCents: parseDecimalToCents(order.totalAmount),
    // What went back or is owed back, whole refunds included.
    correctedCents: parseDecimalToCents(order.refundedAmount),
    refundDue: false,
  });
}

/** One order at the truck's window: its code large enough to read across the counter. */
export function EventDayOrder({
  order,
  isNew = false,
  handoverOpen,
  pending,
  onMark,
  onUndo,
  onRefund,
}: {
  order: EventOrderDto;
  /** Came in while the screen was open (the live channel, decision 157). */
  isNew?: boolean;
  /** From 2 hours before the start, and not once the event was called off. */
  handoverOpen: boolean;
  pending: boolean;
  onMark: (state: FulfilmentState) => void;
  /** Takes back a Collected tapped by mistake (the server refuses after the event's end). */
  onUndo: () => void;
  /** Opens the refund dialog for this order. */
  onRefund: () => void;
}) {
  const t = useT('app');
  const titleId = `order-${order.id}`;
  const refundedInFull = orderRefundedInFull(order);
  const isPaid = order.status === 'charged';
  const canHandOver = isPaid && handoverOpen && !refundedInFull && order.fulfilment !== 'collected';
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="flex flex-wrap items-baseline gap-x-3">
          <span className="font-mono text-2xl font-bold tracking-widest">{order.pickupCode}</span>
          <span className="text-base font-semibold break-words">{order.customerName}</span>
          {isNew && <StatusBadge tone="good">{t('bookings.day.new')}</StatusBadge>}
        </h2>
        <ul className="mt-1 text-sm text-stone-700">
          {order.items.map((item) => (
            <li key={item.menuItemId}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
        <OrderMoney order={order} />
        {order.note && (
          <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm break-words text-amber-900">
            <span className="font-semibold">{t('bookings.day.note')}</span> {order.note}
          </p>
        )}
        <p className="mt-2 flex flex-wrap gap-2">
          {refundedInFull ? (
            <StatusBadge tone="warning">
              {t('bookings.day.refundedInFull')}
              {order.fulfilment === 'collected'
                ? t('bookings.day.wasCollected')
                : t('bookings.day.nothingToHandOver')}
            </StatusBadge>
          ) : isPaid ? (
            <StatusBadge
              tone={
                order.fulfilment === 'collected' ? 'neutral' : order.fulfilment === 'ready' ? 'good' : 'info'
              }
            >
              {t(`bookings.fulfilment.${order.fulfilment ?? 'preparing'}`)}
            </StatusBadge>
          ) : (
            <StatusBadge tone="warning">
              {t('bookings.day.notPaidYet', {
                status: t(`bookings.orderStatus.${order.status}`),
              })}
            </StatusBadge>
          )}
        </p>
        {order.corrections.length > 0 && (
          <div className="mt-2 text-sm text-stone-700">
            <p className="font-semibold">
              {t('bookings.day.refundedOf', {
                refunded: formatMoney(order.refundedAmount, order.currency),
                total: formatMoney(order.totalAmount, order.currency),
              })}
            </p>
            <ul>
              {order.corrections.map((c) => (
                <li key={c.id}>
                  {formatMoney(c.amount, order.currency)}: {c.reason}
                  {c.state === 'failed' ? t('bookings.day.refundFailed') : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col">
        {isPaid && order.fulfilment === 'collected' && (
          <Button
            variant="outline"
            className="flex-1"
            disabled={pending}
            onClick={onUndo}
            aria-label={t('bookings.day.undoFor', { code: order.pickupCode })}
          >
            {t('bookings.day.undo')}
          </Button>
        )}
        {canHandOver && (
          <>
            {order.fulfilment === null && (
              <Button
                variant="outline"
                className="flex-1"
                disabled={pending}
                onClick={() => onMark('ready')}
                aria-label={t('bookings.day.markReadyFor', { code: order.pickupCode })}
              >
                {t('bookings.day.markReady')}
              </Button>
            )}
            <Button
              className="flex-1"
              disabled={pending}
              onClick={() => onMark('collected')}
              aria-label={t('bookings.day.markCollectedFor', { code: order.pickupCode })}
            >
              {t('bookings.day.collected')}
            </Button>
          </>
        )}
        {refundableCents(order) > 0 && (
          <Button
            variant="outline"
            className="flex-1"
            disabled={pending}
            onClick={onRefund}
            aria-label={t('bookings.day.refundFor', { code: order.pickupCode })}
          >
            {t('bookings.day.refund')}
          </Button>
        )}
      </div>
    </li>
  );
}
