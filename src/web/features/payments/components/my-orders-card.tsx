import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { OrderDto } from '@contract/orders';
import { hasReachedGoal, type EventStatus } from '@core/event-status';
import { describeFulfilment } from '@core/fulfilment';
import { asCurrency } from '@core/currency';
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
import { currentLanguage, translate, useLanguage, useT, type TranslateValues } from '@web/lib/i18n';
import { intlLocale } from '@core/language';
import { eventMoney } from '@web/lib/event-money';
import { formatMoney } from '@web/lib/format-money';

// The confirmation's code (Radix) arrives when it is first opened, not with the event page.
const ConfirmDialog = lazy(() =>
  import('@web/components/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

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
  if (by === 'diner') return translate('orders.state.byDiner');
  if (by === 'unpaid') return translate('orders.state.unpaid');
  if (eventStatus === 'cancelled' || eventStatus === 'closed' || eventStatus === 'payment_failed')
    return translate('orders.state.calledOff');
  return translate('orders.state.stopped');
}

/**
 * What became of an order, in words that match its status (and the event's), in the page's language:
 * a card is "authorized" only while it is held, and a failed charge never reads as a success. `money`
 * formats the API's amounts; by default in the order's `currency` (US dollars when not given).
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
  > & { currency?: string | undefined },
  eventStatus: EventStatus,
  money: (decimal: string) => string = (decimal) => formatMoney(decimal, order.currency),
): { label: string; tone: string; detail: string } {
  const say = (key: string, values?: TranslateValues) => translate(`orders.state.${key}`, values);
  const held = money(order.totalAmount);
  switch (order.status) {
    case 'charged':
      if (order.refundPending && order.refundFailure) {
        return {
          label: say('refundFailed'),
          tone: 'bg-red-100 text-red-900',
          detail: say('refundFailedDetail', { reason: order.refundFailure, money: held }),
        };
      }
      if (order.refundPending) {
        return {
          label: say('refundPending'),
          tone: 'bg-amber-100 text-amber-900',
          detail: say('refundPendingDetail'),
        };
      }
      return { label: say('charged'), tone: 'bg-emerald-100 text-emerald-900', detail: say('chargedDetail') };
    case 'refunded': {
      const refunded = money(order.refundedAmount ?? order.totalAmount);
      return {
        label: say('refunded'),
        tone: 'bg-stone-200 text-stone-900',
        detail: order.refundedAt
          ? say('refundedOnDetail', {
              money: refunded,
              date: new Date(order.refundedAt).toLocaleDateString(intlLocale(currentLanguage()), {
                dateStyle: 'medium',
              }),
            })
          : say('refundedDetail', { money: refunded }),
      };
    }
    case 'cancelling':
      return {
        label: say('cancelling'),
        tone: 'bg-stone-200 text-stone-900',
        detail: say('cancellingDetail', { cause: releaseCause(order.releasedBy, eventStatus), money: held }),
      };
    case 'cancelled':
      return {
        label: say('cancelled'),
        tone: 'bg-stone-200 text-stone-900',
        detail: say('cancelledDetail', { cause: releaseCause(order.releasedBy, eventStatus), money: held }),
      };
    case 'failed':
      return {
        label: say('failed'),
        tone: 'bg-red-100 text-red-900',
        detail: say('failedDetail', { reason: order.failureMessage ?? say('failedReason') }),
      };
    case 'pending':
      return { label: say('pending'), tone: 'bg-stone-200 text-stone-900', detail: say('pendingDetail') };
    case 'confirmed':
      return {
        label: say(order.mode === 'save' ? 'saved' : 'authorized'),
        tone: 'bg-sky-100 text-sky-900',
        detail: say(hasReachedGoal(eventStatus) ? 'chargingNowDetail' : 'chargedOnGoalDetail'),
      };
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
  const language = useLanguage();
  /** An order's amounts in its own currency, the event's (decision 230), in the page's language. */
  const moneyOf = (order: Pick<OrderDto, 'currency'>) => eventMoney(asCurrency(order.currency), language);
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
          title: t('orders.toast.cancelledTitle'),
          description: answer.order.refundPending
            ? t('orders.toast.cancelledRefunding')
            : answer.order.status === 'cancelling'
              ? t('orders.toast.cancelledReleasing')
              : t('orders.toast.cancelledReleased'),
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
        title: t('orders.toast.payAgainFailedTitle'),
        description: errorMessage(error, t('orders.paymentProcessingFailed')),
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
            const { format, parse } = moneyOf(order);
            const money = (decimal: string) => format(parse(decimal));
            const status = describeOrderStatus(order, eventStatus, money);
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
                      <span>{format(parse(line.unitPrice) * line.quantity)}</span>
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
              description={t('orders.yourPreOrderOf', {
                money: formatMoney(confirming.totalAmount, confirming.currency),
              })}
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
