import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { MenuItemDto } from '../../contract/menu';
import { hasReachedGoal, LIVE_EVENT_STATUSES } from '../../core/event-status';
import { computeFundingProgress } from '../../core/funding';
import { parseDecimalToCents } from '../../core/money';
import { percentageToBasisPoints } from '../../core/pricing';
import { createPaymentIntentSchema } from '../../core/schemas/checkout';
import { formatEventDate } from '../../core/time';
import { Alert } from '../components/ui/alert';
import { Button, buttonClass } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { ForgetDevice } from '../features/auth/components/forget-device';
import { cartReducer } from '../features/checkout/cart';
import { CheckoutPanel, type Customer } from '../features/checkout/components/checkout-panel';
import {
  eventQueryKey,
  useEventDetails,
  type PublicEventDetails,
} from '../features/event-page/api/get-event';
import { useEventMenu } from '../features/event-page/api/get-event-menu';
import { EventCountdown } from '../features/event-page/components/event-countdown';
import { EventDetails } from '../features/event-page/components/event-details';
import { EventUnavailable } from '../features/event-page/components/event-unavailable';
import { FundingProgress } from '../features/event-page/components/funding-progress';
import { MenuGrid } from '../features/event-page/components/menu-grid';
import { PreAuthorizationBanner } from '../features/event-page/components/pre-authorization-banner';
import { TruckDetails } from '../features/event-page/components/truck-details';
import { describeEventState } from '../features/event-page/event-state';
import { describeRelativeStart } from '../features/event-page/relative-date';
import { InviteForm } from '../features/invites/components/invite-form';
import { EventMap } from '../features/map/components/event-map';
import { myOrdersQueryKey } from '../features/payments/api/get-my-orders';
import { CardPayment } from '../features/payments/components/card-payment';
import { MyOrdersCard } from '../features/payments/components/my-orders-card';
import type { PaymentRequest } from '../features/payments/payment-request';
import { ShareButtons } from '../features/share/components/share-buttons';
import { useLiveProgress } from '../features/event-page/hooks/use-live-progress';
import { RemindMeForm } from '../features/reminders/components/remind-me-form';
import { EventUpdates } from '../features/updates/components/event-updates';
import { VISITOR_REMINDER_LEAD_MS } from '../../core/momentum';

function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

const isEmail = (value: string) => createPaymentIntentSchema.shape.customerEmail.safeParse(value).success;

/** The value once it has stopped changing for `ms` (an e-mail being typed asks the server once). */
function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function EventLoadError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Alert tone="error" title="Event not found or an error occurred.">
        {onRetry && (
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Alert>
    </div>
  );
}

/** /events/public/{id}: the public event page, open to anyone. */
export function PublicEventPage() {
  const { id } = useParams();
  const eventId = parseId(id);
  if (!eventId) return <EventLoadError />;
  return <PublicEvent key={eventId} eventId={eventId} />;
}

/** While the live stream is down, progress is polled this often instead. */
const FALLBACK_POLL_MS = 10_000;

function PublicEvent({ eventId }: { eventId: number }) {
  const live = useLiveProgress(eventId);
  const event = useEventDetails(eventId, live === 'live' ? 60_000 : FALLBACK_POLL_MS);
  if (event.isPending) return <Spinner label="Loading the event…" />;
  if (event.isError) return <EventLoadError onRetry={() => void event.refetch()} />;
  return <EventView event={event.data} />;
}

function EventView({ event }: { event: PublicEventDetails }) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const menu = useEventMenu(event.foodTruckId);
  const user = useUser();
  const [lines, dispatch] = useReducer(cartReducer, []);
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '' });
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  const email = useSettledValue(isEmail(customer.email) ? customer.email.trim() : undefined, 400);

  const refreshEvent = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: eventQueryKey(event.id) });
  }, [queryClient, event.id]);
  const refreshAll = useCallback(() => {
    refreshEvent();
    void queryClient.invalidateQueries({ queryKey: myOrdersQueryKey(event.id) });
  }, [queryClient, refreshEvent, event.id]);

  const orderLookup = {
    email,
    order: parseId(searchParams.get('order')),
    token: searchParams.get('token') ?? undefined,
  };
  const startsAt = new Date(event.startsAt);
  const state = describeEventState(event.status, startsAt, new Date());
  if (state.kind === 'unavailable') {
    // A diner who pre-ordered still sees what became of their order: released, or refunded.
    return (
      <EventUnavailable title={event.title} note={event.cancelNote}>
        <MyOrdersCard
          eventId={event.id}
          eventStatus={event.status}
          lookup={orderLookup}
          onChanged={refreshEvent}
        />
      </EventUnavailable>
    );
  }

  const takingOrders = state.kind === 'taking-orders';
  const markupBasisPoints = percentageToBasisPoints(event.priceMarkupPercentage);
  const markupPercentage = markupBasisPoints / 100;
  const progress = computeFundingProgress(
    parseDecimalToCents(event.currentSales),
    parseDecimalToCents(event.minimumSales),
  );
  const offered = event.menuItemIds;
  const menuItems = (menu.data ?? []).filter((item) => !offered || offered.includes(item.id));
  // The cart keeps what was added; prices and names always come from the menu as the server has it now.
  const pricedLines = lines.map((line) => {
    const current = menuItems.find((item) => item.id === line.menuItemId);
    return current ? { ...line, name: current.name, baseCents: parseDecimalToCents(current.price) } : line;
  });

  const addToCart = (item: MenuItemDto) => {
    dispatch({
      type: 'add',
      item: { menuItemId: item.id, name: item.name, baseCents: parseDecimalToCents(item.price) },
    });
  };
  const pageUrl = `${window.location.origin}/events/public/${event.id}`;
  const canPostUpdates = user.data ? [event.organizerId, event.foodTruckId].includes(user.data.id) : false;
  // The 48-hour reminder is for events that still need backers and are further out than that.
  const offersReminder =
    takingOrders &&
    !hasReachedGoal(event.status) &&
    startsAt.getTime() - Date.now() > VISITOR_REMINDER_LEAD_MS;

  return (
    <div className="pb-12">
      {takingOrders && <PreAuthorizationBanner chargedAtOnce={state.chargedAtOnce} />}
      <div className="mx-auto max-w-6xl space-y-6 px-4 pt-6">
        <header className="space-y-3">
          <h1 className="text-3xl font-bold break-words">{event.title}</h1>
          <p className="text-stone-600">
            <span className="font-medium text-stone-800">{formatEventDate(startsAt, event.timeZone)}</span>
            {' · '}
            <span>{describeRelativeStart(startsAt, new Date(), event.timeZone)}</span>
            {' · '}
            <span className="break-words">{event.foodTruckName}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <ShareButtons
              url={pageUrl}
              details={{
                title: event.title,
                location: event.location,
                date: formatEventDate(startsAt, event.timeZone),
                percentFunded: Math.round(progress.percentage),
              }}
            />
            <a
              href={`/api/events/${event.id}/calendar.ics`}
              download={`event-${event.id}.ics`}
              className={buttonClass('outline', 'sm')}
            >
              Add to calendar
            </a>
          </div>
        </header>

        {searchParams.get('reminder') === 'confirmed' && (
          <Alert tone="success" title="Your reminder is set">
            We&apos;ll e-mail you 48 hours before the event if it still needs pre-orders.
          </Alert>
        )}

        {state.kind === 'closed' && (
          <Alert tone={state.tone} title={state.title}>
            {state.text}
          </Alert>
        )}

        <Card aria-labelledby="funding-title">
          <CardHeader>
            <CardTitle id="funding-title">Funding Progress</CardTitle>
          </CardHeader>
          <CardContent className="space-y-5">
            <FundingProgress
              currentSales={event.currentSales}
              minimumSales={event.minimumSales}
              backerCount={event.backerCount}
            />
            <div>
              <h3 className="mb-2 text-sm font-medium text-stone-600">Starts in</h3>
              <EventCountdown startsAt={startsAt} />
            </div>
            {offersReminder && <RemindMeForm eventId={event.id} />}
          </CardContent>
        </Card>

        <EventUpdates eventId={event.id} canPost={canPostUpdates} />

        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <Card aria-labelledby="menu-title" className="min-w-0 lg:col-span-2">
            <CardHeader className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle id="menu-title">Menu</CardTitle>
              {markupBasisPoints > 0 && (
                <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-700">
                  {markupPercentage}% Price Markup
                </span>
              )}
            </CardHeader>
            <CardContent className="space-y-4">
              {markupBasisPoints > 0 && (
                <p className="text-sm text-stone-700">
                  Prices include a {markupPercentage}% markup: that percentage of each purchase supports this
                  event&apos;s fundraising goal.
                </p>
              )}
              {menu.isPending ? (
                <Spinner label="Loading the menu…" />
              ) : menu.isError ? (
                <Alert tone="error" title="Could not load the menu.">
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => void menu.refetch()}>
                    Retry
                  </Button>
                </Alert>
              ) : (
                <MenuGrid
                  items={menuItems}
                  markupBasisPoints={markupBasisPoints}
                  onAdd={takingOrders && !payment ? addToCart : undefined}
                />
              )}
            </CardContent>
          </Card>

          <div className="min-w-0 space-y-6">
            {takingOrders && (
              <Card aria-labelledby="cart-title">
                <CardHeader>
                  <CardTitle id="cart-title">Your Cart</CardTitle>
                </CardHeader>
                <CardContent>
                  <CheckoutPanel
                    eventId={event.id}
                    lines={pricedLines}
                    dispatch={dispatch}
                    markupBasisPoints={markupBasisPoints}
                    markupPercentage={markupPercentage}
                    customer={customer}
                    onCustomerChange={setCustomer}
                    onPaymentReady={(created) => setPayment({ eventId: event.id, ...created })}
                    onOrderRefused={() => {
                      refreshEvent();
                      void menu.refetch();
                    }}
                    paymentStep={
                      payment && (
                        <CardPayment
                          request={payment}
                          onCancel={() => setPayment(null)}
                          onComplete={() => {
                            setPayment(null);
                            dispatch({ type: 'clear' });
                            refreshAll();
                          }}
                        />
                      )
                    }
                  />
                </CardContent>
              </Card>
            )}
            <MyOrdersCard
              eventId={event.id}
              eventStatus={event.status}
              lookup={orderLookup}
              onChanged={refreshEvent}
              footer={<ForgetDevice returnTo={`/events/public/${event.id}`} />}
            />
          </div>
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <TruckDetails truck={event.foodTruck} />
          <EventDetails event={event} />
        </div>
        <EventMap location={event.location} />
        {LIVE_EVENT_STATUSES.includes(event.status) && (
          <InviteForm eventId={event.id} signedIn={Boolean(user.data)} />
        )}
      </div>
    </div>
  );
}
