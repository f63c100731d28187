import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { OrderDto } from '@contract/orders';
import { hasReachedGoal, type EventStatus } from '@core/event-status';
import { describeFulfilment } from '@core/fulfilment';
import { formatCents, parseDecimalToCents } from '@core/money';
import { canDinerCancel, isEntitledByChange } from '@core/order-status';
import { formatEventInstant } from '@core/time';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useCancelOrder, type CancelTarget } from '../api/cancel-order';
import { useMyOrders, type OrderLookup } from '../api/get-my-orders';
import { retryPayment } from '../api/retry-payment';
import type { PaymentRequest } from '../payment-request';
import { CardPayment } from './card-payment';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';

// The confirmation's code (Radix) arrives when it is first opened, not with the event page.
const ConfirmDialog = lazy(() =>
  import('@web/components/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

const money = (decimal: string) => formatCents(parseDecimalToCents(decimal));

/** The code to show at the truck's window, and whether the food is ready. */
function PickupLine({ code, fulfilment }: { code: string; fulfilment: OrderDto['fulfilment'] }) {
  const t = useT();
  return (
    <p className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-stone-50 px-3 py-2 text-sm">
      <span>
        {t('orders.pickupCode')} <span className="font-mono text-base font-bold tracking-widest">{code}</span>
      </span>
      {fulfilment && (
        <span className="text-xs font-semibold text-emerald-800">{describeFulfilment(fulfilment)}</span>
      )}
    </p>
  );
}

/** Why an order's hold was let go, as the diner reads it. */
function releaseCause(by: OrderDto['releasedBy'], eventStatus: EventStatus): string {
  if (by === 'diner') return 'You cancelled this order.';
  if (by === 'unpaid') return 'The time to pay again passed, so this order was cancelled.';
  if (eventStatus === 'cancelled' || eventStatus === 'closed' || eventStatus === 'payment_failed')
    return 'The event was called off, so this order was cancelled.';
  return 'The event stopped taking orders before your payment went through.';
}

/**
 * What became of an order, in words that match its status (and the event's): a card is "authorized"
 * only while it is held, and a failed charge never reads as a success.
 */
export function describeOrderStatus(
  order: Pick<
    OrderDto,
    | 'status'
    | 'mode'
    | 'refundPending'
    | 'refundedAmount'
    | 'totalAmount'
    | 'refundedAt'
    | 'failureMessage'
    | 'refundFailure'
    | 'releasedBy'
  >,
  eventStatus: EventStatus,
): { label: string; tone: string; detail: string } {
  switch (order.status) {
    case 'charged':
      if (order.refundPending && order.refundFailure) {
        return {
          label: 'Refund failed',
          tone: 'bg-red-100 text-red-900',
          detail: `${order.refundFailure} You will get ${money(order.totalAmount)} back; nothing more is charged.`,
        };
      }
      if (order.refundPending) {
        return {
          label: 'Refund pending',
          tone: 'bg-amber-100 text-amber-900',
          detail: 'This charge is being refunded to your card in full.',
        };
      }
      return {
        label: 'Charged',
        tone: 'bg-emerald-100 text-emerald-900',
        detail: 'Your card has been charged. Enjoy the food!',
      };
    case 'refunded':
      return {
        label: 'Refunded',
        tone: 'bg-stone-200 text-stone-900',
        detail: `${money(order.refundedAmount ?? order.totalAmount)} was refunded to your card${
          order.refundedAt
            ? ` on ${new Date(order.refundedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}`
            : ''
        }. Banks take 5 to 10 business days to show it.`,
      };
    case 'cancelling':
      return {
        label: 'Cancelling',
        tone: 'bg-stone-200 text-stone-900',
        detail: `${releaseCause(order.releasedBy, eventStatus)} The hold of ${money(order.totalAmount)} on your card is being released; you are not charged.`,
      };
    case 'cancelled':
      return {
        label: 'Cancelled',
        tone: 'bg-stone-200 text-stone-900',
        detail: `${releaseCause(order.releasedBy, eventStatus)} The hold of ${money(order.totalAmount)} on your card was released; you were not charged.`,
      };
    case 'failed':
      return {
        label: 'Payment failed',
        tone: 'bg-red-100 text-red-900',
        detail: `${order.failureMessage ?? 'The payment did not go through.'} Your card was not charged.`,
      };
    case 'pending':
      return {
        label: 'Awaiting your card',
        tone: 'bg-stone-200 text-stone-900',
        detail: 'Your card has not been confirmed yet, so this order does not count toward the goal.',
      };
    case 'confirmed': {
      const saved = order.mode === 'save';
      if (hasReachedGoal(eventStatus)) {
        return {
          label: saved ? 'Card saved' : 'Card authorized',
          tone: 'bg-sky-100 text-sky-900',
          detail: 'The event reached its goal: your card is being charged now.',
        };
      }
      return {
        label: saved ? 'Card saved' : 'Card authorized',
        tone: 'bg-sky-100 text-sky-900',
        detail: 'Charged only when the event reaches its funding goal.',
      };
    }
  }
}

/**
 * The diner's own orders for this event, with Cancel before the charge and Pay again after a failed
 * charge. The list is asked for on page load even before an e-mail is typed: that call gives a guest
 * the session that owns their orders. Renders nothing until there is an order to show.
 */
export function MyOrdersCard({
  eventId,
  eventStatus,
  timeZone,
  schedule,
  lookup,
  onChanged,
  footer,
}: {
  eventId: number;
  /** Holds can be cancelled only until the event reaches its goal. */
  eventStatus: EventStatus;
  /** The event's zone: deadlines are shown in it, named. */
  timeZone: string;
  /**
   * When the event's date, time or place last changed, its (new) start and zone: a diner who ordered
   * before the change may cancel for a full refund until the start.
   */
  schedule?: { changedAt: string | null; startsAt: string; timeZone: string };
  lookup: OrderLookup;
  /** An order was cancelled or paid again: the event's progress changed. */
  onChanged: () => void;
  /** Shown under the list, e.g. the page's "Not you? Forget this device". */
  footer?: ReactNode;
}) {
  const t = useT();
  const orders = useMyOrders(eventId, lookup);
  const [paying, setPaying] = useState<PaymentRequest | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  /** The order whose Cancel was tapped: the diner confirms before the hold is released. */
  const [confirming, setConfirming] = useState<OrderDto | null>(null);
  const cancel = useCancelOrder(eventId, onChanged);

  if (!orders.data || orders.data.length === 0) return null;

  function cancelTarget(order: OrderDto): CancelTarget {
    if (lookup.token && lookup.order === order.id) return { orderId: order.id, token: lookup.token };
    return order.stripePaymentIntentId
      ? { paymentIntentId: order.stripePaymentIntentId }
      : { orderId: order.id };
  }

  function cancelOrder(order: OrderDto) {
    setCancelling(order.id);
    cancel.mutate(cancelTarget(order), {
      onSettled: () => setCancelling(null),
      onSuccess: (answer) =>
        toast({
          title: 'Payment Cancelled',
          description: answer.order.refundPending
            ? 'Your order was cancelled. Your payment is being refunded to your card in full.'
            : answer.order.status === 'cancelling'
              ? 'Your order was cancelled. The hold on your card will be released shortly.'
              : 'Your order was cancelled and the hold on your card released.',
        }),
    });
  }

  async function payAgain(order: OrderDto) {
    setRetrying(order.id);
    try {
      const token = lookup.order === order.id ? lookup.token : undefined;
      const created = await retryPayment(eventId, order.id, token);
      setPaying({ eventId, ...created, token });
    } catch (error) {
      reportError('Retry payment failed', error);
      toast({
        title: 'Payment Error',
        description: errorMessage(error, 'Payment processing failed'),
        variant: 'destructive',
      });
    } finally {
      setRetrying(null);
    }
  }

  return (
    <Card aria-labelledby="my-orders-title">
      <CardHeader>
        <CardTitle id="my-orders-title">{t('orders.yourPreOrders')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-100">
          {orders.data.map((order) => {
            const status = describeOrderStatus(order, eventStatus);
            const changedSinceOrder =
              !!schedule &&
              isEntitledByChange(
                {
                  changedAt: schedule.changedAt ? new Date(schedule.changedAt) : null,
                  startsAt: new Date(schedule.startsAt),
                },
                { createdAt: new Date(order.createdAt) },
                new Date(),
              );
            const canCancel =
              !order.refundPending && canDinerCancel(eventStatus, order.status, { changedSinceOrder });
            const deadline = order.fixPaymentDeadline ? new Date(order.fixPaymentDeadline) : null;
            const canPayAgain = order.status === 'failed' && (!deadline || deadline > new Date());
            return (
              <li
                key={order.id}
                aria-label={t('orders.order', { id: order.id })}
                className="py-3 first:pt-0 last:pb-0"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{t('orders.order', { id: order.id })}</p>
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', status.tone)}>
                    {status.label}
                  </span>
                </div>
                <ul className="mt-1 text-sm text-stone-700">
                  {order.items.map((line) => (
                    <li key={line.menuItemId} className="flex justify-between gap-2">
                      <span className="break-words">
                        {line.quantity} × {line.name}
                      </span>
                      <span>{formatCents(parseDecimalToCents(line.unitPrice) * line.quantity)}</span>
                    </li>
                  ))}
                </ul>
                <p className="mt-1 flex justify-between text-sm font-semibold">
                  <span>{t('orders.total')}</span>
                  <span>{money(order.totalAmount)}</span>
                </p>
                <p className="mt-1 text-xs text-stone-600">{status.detail}</p>
                {changedSinceOrder && schedule && !order.refundPending && canCancel && (
                  <p role="note" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                    {t('orders.thisEventChangedIts')}{' '}
                    {order.status === 'charged' ? t('orders.aFullRefund') : t('orders.aReleaseOfYour')}{' '}
                    {t('orders.untilItStarts')}
                    {formatEventInstant(new Date(schedule.startsAt), schedule.timeZone)}).
                  </p>
                )}
                {order.corrections.length > 0 && (
                  <div className="mt-1 text-xs text-stone-700">
                    <p className="font-semibold">
                      {t('orders.refundedByTheTruck', { money: money(order.refundedAmount ?? '0') })}
                    </p>
                    <ul>
                      {order.corrections.map((c) => (
                        <li key={c.id}>
                          {money(c.amount)}: “{c.reason}”
                          {c.state === 'failed' ? t('orders.theRefundFailedWe') : ''}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {order.pickupCode && <PickupLine code={order.pickupCode} fulfilment={order.fulfilment} />}
                {order.status === 'failed' && deadline && (
                  <p className="mt-1 text-xs text-red-700">
                    {t('orders.pleasePayAgainBy', { eventInstant: formatEventInstant(deadline, timeZone) })}
                  </p>
                )}
                {paying?.orderId === order.id ? (
                  <div className="mt-3">
                    <CardPayment
                      request={paying}
                      cancelLabel={t('orders.notNow')}
                      onCancel={() => setPaying(null)}
                      onComplete={() => {
                        setPaying(null);
                        onChanged();
                        void orders.refetch();
                      }}
                    />
                  </div>
                ) : (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {canPayAgain && (
                      <Button size="sm" onClick={() => void payAgain(order)} disabled={retrying === order.id}>
                        {retrying === order.id ? t('orders.preparing') : t('orders.payAgain')}
                      </Button>
                    )}
                    {canCancel && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('orders.cancelOrder', { id: order.id })}
                        onClick={() => setConfirming(order)}
                        disabled={cancelling !== null}
                      >
                        {cancelling === order.id ? t('orders.cancelling') : t('orders.cancel')}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {footer}
        {confirming && (
          <Suspense fallback={null}>
            <ConfirmDialog
              open
              onOpenChange={(open) => !open && setConfirming(null)}
              title={t('orders.cancelOrder2', { id: confirming.id })}
              description={t('orders.yourPreOrderOf', { money: money(confirming.totalAmount) })}
              confirmLabel={t('orders.cancelOrder3')}
              cancelLabel={t('orders.keepOrder')}
              destructive
              onConfirm={() => {
                const order = confirming;
                setConfirming(null);
                cancelOrder(order);
              }}
            />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
