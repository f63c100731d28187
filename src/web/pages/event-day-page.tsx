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
import { formatCents, parseDecimalToCents } from '@core/money';
import type { EventOrderDto } from '@contract/orders';
import { readScannedCode } from '../features/bookings/scanned-code';
import { searchOrders } from '../features/bookings/search-orders';

import { describeEventTimes } from '../lib/event-time';

// The camera and its QR decoder arrive only when the truck taps Scan.
const PickupScanner = lazy(() =>
  import('../features/bookings/components/pickup-scanner').then((m) => ({ default: m.PickupScanner })),
);

function EventDay({ eventId }: { eventId: number }) {
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
      setScanNote(`That receipt (${scanned.code}) is for another event.`);
    } else {
      setScanNote('That QR code is not a Food Truck Fund receipt.');
    }
  }

  function onUndo(order: EventOrderDto) {
    undo.mutate(
      { orderId: order.id },
      {
        onSuccess: () =>
          toast({ title: 'Undone', description: `${order.pickupCode} is no longer collected.` }),
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
            title: 'Refunded',
            description: `${formatCents(amountCents)} goes back to ${order.customerName}'s card (${formatCents(parseDecimalToCents(result.order.refundedAmount ?? '0'))} refunded in all). They have been told by e-mail.`,
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
            title: state === 'ready' ? 'Marked ready' : 'Collected',
            description:
              state === 'ready' ? `${code}: the diner has been told by e-mail.` : `${code} was handed over.`,
          }),
      },
    );
  }

  if (day.isPending) return <Spinner label="Loading orders…" />;
  if (day.isError)
    return (
      <RecordLoadError
        query={day}
        notFound="Booking not found"
        back={
          <Link to="/bookings" className="mt-6 inline-block underline">
            Back to My Bookings
          </Link>
        }
        failed="Failed to load the orders. Please try again."
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
        Back to My Bookings
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{event.title}</h1>
      <p className="text-sm text-muted">
        {date} · {timeRange}
      </p>
      <p className="mt-1 text-sm font-medium" aria-live="polite">
        {orderCount} {orderCount === 1 ? 'order' : 'orders'} · {collected} collected
        {newCount > 0 && <> · {newCount} new since you opened this screen</>}
      </p>
      <EventDayTotals totals={day.data.totals} />
      <PickupSlotsEditor eventId={eventId} />
      <LiveOrdersNote state={live} />
      {!handoverOpen && handoverOpensAt > new Date() && event.status !== 'cancelled' && (
        <p className="mt-1 text-sm text-muted">
          Orders can be marked ready or collected from {formatEventInstant(handoverOpensAt, event.timeZone)},
          2 hours before the start.
        </p>
      )}
      <div className="sticky top-navbar z-10 -mx-4 mt-4 bg-cream/95 px-4 py-3 backdrop-blur">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-stone-800">
          Search by pickup code or name
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
            placeholder="e.g. K7Q2M or Dana"
            className="h-12 min-w-0 flex-1 text-base"
          />
          <Button type="button" variant="outline" className="h-12 shrink-0" onClick={() => setScanning(true)}>
            <ScanLine aria-hidden="true" />
            Scan QR
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
          <DialogContent title="Scan a receipt" description="The camera is used only while this is open.">
            <Suspense fallback={<Spinner label="Starting the scanner…" />}>
              <PickupScanner onText={onScanned} />
            </Suspense>
          </DialogContent>
        )}
      </Dialog>
      {truncated && (
        <p role="status" className="mt-3 text-sm text-muted">
          {query.trim()
            ? `Showing the first ${orders.length} matches by pickup code; type more of the code or name to narrow it.`
            : `Showing the first ${orders.length} of ${orderCount} orders by pickup code. Search by code or name to find any order.`}
        </p>
      )}
      {orderCount === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-muted">
          No orders yet.
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-center text-muted">No order matches “{query.trim()}”.</p>
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
        title={`Mark ${collecting?.pickupCode ?? ''} collected?`}
        description={
          collecting
            ? `Only once ${collecting.customerName} has the food in hand. You can undo it until the event ends.`
            : ''
        }
        confirmLabel="Collected"
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
  { title: 'Event Day', roles: ['foodtruck'], otherwise: 'home' },
  (eventId) => <EventDay eventId={eventId} />,
);
