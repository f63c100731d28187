import { formatEventInstant } from '@core/time';
import { ArrowLeft, ScanLine } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FulfilmentState } from '../../core/fulfilment';
import { roleIdPage } from '../app/session-gate';
import { RecordLoadError } from '../components/load-more';
import { Button } from '../components/ui/button';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { eventDayOrdersQueryKey, useEventDayOrders } from '../features/bookings/api/get-event-day-orders';
import { LiveOrdersNote } from '../features/bookings/components/live-orders-note';
import { useLiveOrders } from '../features/bookings/hooks/use-live-orders';
import { useMarkFulfilment } from '../features/bookings/api/mark-fulfilment';
import { useRefundOrder, useUndoCollected } from '../features/bookings/api/correct-order';
import { EventDayOrder, EventDayTotals } from '../features/bookings/components/event-day-order';
import { PickupSlotsEditor } from '../features/pickup/components/pickup-slots-editor';
import { SlotGroupedOrders } from '../features/pickup/components/slot-grouped-orders';
import { RefundOrderDialog } from '../features/bookings/components/refund-order-dialog';
import { ConfirmDialog, Dialog, DialogContent } from '@web/components/ui/dialog';
import { asCurrency, decimalToMinor } from '@core/currency';
import { formatMinor } from '../features/bookings/money';
import { useT } from '../lib/i18n';
import type { EventOrderDto } from '@contract/orders';
import { readScannedCode } from '../features/bookings/scanned-code';
import { searchOrders } from '../features/bookings/search-orders';

import { describeEventTimes } from '../lib/event-time';

// The camera and its QR decoder arrive only when the truck taps Scan.
const PickupScanner = lazy(() =>
  import('../features/bookings/components/pickup-scanner').then((m) => ({ default: m.PickupScanner })),
);

function EventDay({ eventId }: { eventId: number }) {
  const t = useT('app');
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('code') ?? '');
  // A huge event comes capped (the first 500 by code): then the search goes to the server too.
  const [serverSearch, setServerSearch] = useState(false);
  const deferredQuery = useDeferredValue(query.trim());
  const day = useEventDayOrders(eventId, serverSearch ? deferredQuery : '');
  if (!serverSearch && day.data?.truncated) setServerSearch(true);
  const mark = useMarkFulfilment(eventId);
  const refund = useRefundOrder(eventId);
  const undo = useUndoCollected(eventId);
  const searchId = useId();
  /** "Collected" and "Refund" ask first: a tap at a busy window is easily on the wrong order. */
  const [collecting, setCollecting] = useState<EventOrderDto | null>(null);
  const [refunding, setRefunding] = useState<EventOrderDto | null>(null);
  const queryClient = useQueryClient();
  const live = useLiveOrders([eventId], () => {
    void queryClient.invalidateQueries({ queryKey: eventDayOrdersQueryKey(eventId) });
  });
  /** The orders there when the screen opened: any other is marked New (decision 157). */
  const [firstSeen, setFirstSeen] = useState<ReadonlySet<number> | null>(null);
  if (firstSeen === null && day.data) setFirstSeen(new Set(day.data.orders.map((o) => o.id)));

  const [scanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState<string | null>(null);

  /** A scanned receipt: its code goes in the search, as if typed (decision 157). */
  function onScanned(text: string) {
    setScanning(false);
    const scanned = readScannedCode(text, eventId);
    if (scanned.kind === 'code') {
      setQuery(scanned.code);
      setScanNote(null);
    } else if (scanned.kind === 'other-event') {
      setScanNote(t('eventDay.otherEvent', { code: scanned.code }));
    } else {
      setScanNote(t('eventDay.notOurs'));
    }
  }

  function onUndo(order: EventOrderDto) {
    undo.mutate(
      { orderId: order.id },
      {
        onSuccess: () =>
          toast({
            title: t('eventDay.undone'),
            description: t('eventDay.undoneText', { code: order.pickupCode }),
          }),
      },
    );
  }

  function onRefund(amountCents: number, reason: string) {
    const order = refunding;
    if (!order) return;
    refund.mutate(
      { orderId: order.id, amountCents, reason },
      {
        onSuccess: (result) => {
          toast({
            title: t('eventDay.refunded'),
            description: t('eventDay.refundedText', {
              amount: formatMinor(amountCents, order.currency),
              name: order.customerName,
              total: formatMinor(
                decimalToMinor(result.order.refundedAmount ?? '0', asCurrency(order.currency)),
                order.currency,
              ),
            }),
          });
          setRefunding(null);
        },
      },
    );
  }

  function onMark(orderId: number, code: string | null, state: FulfilmentState) {
    mark.mutate(
      { orderId, state },
      {
        onSuccess: () =>
          toast({
            title: state === 'ready' ? t('eventDay.markedReady') : t('eventDay.collected'),
            description:
              state === 'ready'
                ? t('eventDay.markedReadyText', { code })
                : t('eventDay.collectedText', { code }),
          }),
      },
    );
  }

  if (day.isPending) return <Spinner label={t('eventDay.loading')} />;
  if (day.isError)
    return (
      <RecordLoadError
        query={day}
        notFound={t('eventDay.notFound')}
        back={
          <Link to="/bookings" className="mt-6 inline-block underline">
            {t('eventDay.back')}
          </Link>
        }
        failed={t('eventDay.failed')}
      />
    );

  const { event, orders, handoverOpen } = day.data;
  const handoverOpensAt = new Date(day.data.handoverOpensAt);
  const { date, timeRange } = describeEventTimes(event);
  const shown = searchOrders(orders, query);
  const { orderCount, collectedCount: collected, truncated } = day.data;
  const isNew = (order: EventOrderDto) => firstSeen !== null && !firstSeen.has(order.id);
  const newCount = orders.filter(isNew).length;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Link
        to="/bookings"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('eventDay.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{event.title}</h1>
      <p className="text-sm text-muted">
        {date} · {timeRange}
      </p>
      <p className="mt-1 text-sm font-medium" aria-live="polite">
        {t('bookings.orderCount', { count: orderCount })} ·{' '}
        {t('bookings.collectedCount', { count: collected })}
        {newCount > 0 && <> · {t('eventDay.newSinceOpened', { count: newCount })}</>}
      </p>
      <EventDayTotals totals={day.data.totals} currency={event.currency} />
      <PickupSlotsEditor eventId={eventId} />
      <LiveOrdersNote state={live} />
      {!handoverOpen && handoverOpensAt > new Date() && event.status !== 'cancelled' && (
        <p className="mt-1 text-sm text-muted">
          {t('eventDay.handoverFrom', { when: formatEventInstant(handoverOpensAt, event.timeZone) })}
        </p>
      )}
      <div className="sticky top-navbar z-10 -mx-4 mt-4 bg-cream/95 px-4 py-3 backdrop-blur">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-stone-800">
          {t('eventDay.searchLabel')}
        </label>
        <div className="flex gap-2">
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            autoCapitalize="characters"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setScanNote(null);
              if (params.has('code')) setParams({}, { replace: true });
            }}
            placeholder={t('eventDay.searchPlaceholder')}
            className="h-12 min-w-0 flex-1 text-base"
          />
          <Button type="button" variant="outline" className="h-12 shrink-0" onClick={() => setScanning(true)}>
            <ScanLine aria-hidden="true" />
            {t('eventDay.scan')}
          </Button>
        </div>
        {scanNote && (
          <p role="status" className="mt-1 text-sm text-red-700">
            {scanNote}
          </p>
        )}
      </div>
      <Dialog open={scanning} onOpenChange={setScanning}>
        {scanning && (
          <DialogContent title={t('eventDay.scanTitle')} description={t('eventDay.scanDescription')}>
            <Suspense fallback={<Spinner label={t('eventDay.scannerStarting')} />}>
              <PickupScanner onText={onScanned} />
            </Suspense>
          </DialogContent>
        )}
      </Dialog>
      {truncated && (
        <p role="status" className="mt-3 text-sm text-muted">
          {query.trim()
            ? t('eventDay.truncatedMatches', { count: orders.length })
            : t('eventDay.truncatedOrders', { count: orders.length, total: orderCount })}
        </p>
      )}
      {orderCount === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-muted">
          {t('eventDay.noOrders')}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-center text-muted">{t('eventDay.noMatch', { query: query.trim() })}</p>
      ) : (
        <SlotGroupedOrders
          orders={shown}
          minutes={day.data.pickupSlotMinutes}
          timeZone={event.timeZone}
          now={new Date()}
          renderOrder={(order) => (
            <EventDayOrder
              key={order.id}
              order={order}
              isNew={isNew(order)}
              handoverOpen={handoverOpen}
              pending={mark.isPending && mark.variables?.orderId === order.id}
              onMark={(state) =>
                state === 'collected' ? setCollecting(order) : onMark(order.id, order.pickupCode, state)
              }
              onUndo={() => onUndo(order)}
              onRefund={() => setRefunding(order)}
            />
          )}
        />
      )}
      <ConfirmDialog
        open={collecting !== null}
        onOpenChange={(open) => !open && setCollecting(null)}
        title={t('eventDay.confirmCollectedTitle', { code: collecting?.pickupCode ?? '' })}
        description={collecting ? t('eventDay.confirmCollectedText', { name: collecting.customerName }) : ''}
        confirmLabel={t('eventDay.collected')}
        onConfirm={() => {
          if (collecting) onMark(collecting.id, collecting.pickupCode, 'collected');
          setCollecting(null);
        }}
      />
      <RefundOrderDialog
        key={refunding?.id ?? 'none'}
        order={refunding}
        pending={refund.isPending}
        onClose={() => setRefunding(null)}
        onRefund={onRefund}
      />
    </div>
  );
}

/** /bookings/{id}/day: the truck's screen at the window on the event day. */
export const EventDayPage = roleIdPage(
  { titleKey: 'tabTitles.eventDay', roles: ['foodtruck'], otherwise: 'home' },
  (eventId) => <EventDay eventId={eventId} />,
);
