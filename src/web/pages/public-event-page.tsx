import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { MenuItemDto } from '../../contract/menu';
import type { BootData } from '../../contract/server-render';
import { hasReachedGoal, LIVE_EVENT_STATUSES } from '../../core/event-status';
import { computeFundingProgress } from '../../core/funding';
import { isEmailAddress } from '../../core/form-rules';
import { formatCents, parseDecimalToCents } from '../../core/money';
import { percentageToBasisPoints } from '../../core/pricing';
import { priceCheckout, type TipChoice } from '../../core/tips-and-tax';
import { fitsDiet, type DietFilter } from '../../core/dietary';
import { formatEventDate } from '../../core/time';
import { Alert } from '../components/ui/alert';
import { Button, buttonClass } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { cartReducer } from '../features/checkout/cart';
import { describeItemCount } from '../features/event-page/item-count';
import type { Customer } from '../features/checkout/components/checkout-panel';
import {
  eventQueryKey,
  useEventDetails,
  type PublicEventDetails,
} from '../features/event-page/api/get-event';
import { useEventStock } from '../features/event-page/api/get-event-menu';
import { EventCountdown } from '../features/event-page/components/event-countdown';
import { EventHero } from '../features/event-page/components/event-hero';
import { OrganizerCause } from '../features/event-page/components/organizer-cause';
import { useElementInView } from '../features/event-page/hooks/use-element-in-view';
import { FundingProgress } from '../features/event-page/components/funding-progress';
import { DietLabels, MenuGrid } from '../features/event-page/components/menu-grid';
import { PreAuthorizationBanner } from '../features/event-page/components/pre-authorization-banner';
import { describeEventState } from '../features/event-page/event-state';
import { myOrdersQueryKey, useMyOrders, type OrderLookup } from '../features/payments/api/get-my-orders';
import type { PaymentRequest } from '../features/payments/payment-request';
import { useLiveProgress } from '../features/event-page/hooks/use-live-progress';
import { useEventUpdates } from '../features/updates/api/get-event-updates';
import { LazyPart, LazySection } from '../components/lazy-section';
import { VISITOR_REMINDER_LEAD_MS } from '../../core/momentum';
import { choosePaymentMode } from '../../core/order-status';
import { lazyPage } from '../lib/lazy-page';
import { pageOrigin } from '../lib/page-origin';
import { useNow } from '../lib/render-time';
import { apiPath } from '../lib/api-client';
import { useTruckMenu } from '../lib/truck-menu';

/*
 * What is not needed to see the event and start ordering arrives after the page (decision 094): the
 * parts below the fold when they come near the screen, the diner's orders and the updates when there
 * are some, the card form when the card step is reached.
 */
const EventLoadFailure = lazy(() =>
  import('../features/event-page/components/event-load-failure').then((m) => ({
    default: m.EventLoadFailure,
  })),
);
const TruckDetails = lazy(() =>
  import('../features/event-page/components/truck-details').then((m) => ({ default: m.TruckDetails })),
);
const EventDetails = lazy(() =>
  import('../features/event-page/components/event-details').then((m) => ({ default: m.EventDetails })),
);
const CheckoutPanel = lazy(() =>
  import('../features/checkout/components/checkout-panel').then((m) => ({ default: m.CheckoutPanel })),
);
// Shown once something is in the cart: its chunk arrives with the first item, not with the page.
const StickyCartBar = lazy(() =>
  import('../features/event-page/components/sticky-cart-bar').then((m) => ({ default: m.StickyCartBar })),
);
const MyOrdersCard = lazy(() =>
  import('../features/payments/components/my-orders-card').then((m) => ({ default: m.MyOrdersCard })),
);
const ForgetDevice = lazy(() =>
  import('../features/auth/components/forget-device').then((m) => ({ default: m.ForgetDevice })),
);
const CardPayment = lazy(() =>
  import('../features/payments/components/card-payment').then((m) => ({ default: m.CardPayment })),
);
const EventUpdates = lazyPage(() =>
  import('../features/updates/components/event-updates').then((m) => m.EventUpdates),
);

/**
 * The share buttons: in the server's HTML, but not needed to start ordering, so their code (shared with
 * the confirmation page) is not part of the page's first script (decision 148).
 */
const ShareButtons = lazyPage(() =>
  import('../features/share/components/share-buttons').then((m) => m.ShareButtons),
);

/** Whether this browser keeps a cart for the event (the key of features/checkout/cart-storage.ts). */
function keepsCart(eventId: number): boolean {
  try {
    return localStorage.getItem(`food-truck-fund:cart:${eventId}`) !== null;
  } catch {
    return false;
  }
}

/**
 * The parts of this page shown only when the data calls for them, that the server renders (decision 108):
 * all of them for the server; for the browser, those the server drew from `drawn`, its answers (decision 208).
 */
export function preloadServerRenderedParts(drawn?: BootData, eventId?: number): Promise<unknown> {
  const parts: { preload(): Promise<unknown> }[] = [
    EventUpdates,
    ShareButtons,
    DietFilterBar,
    TrustPanel,
    DietLabels,
  ];
  // The browser loads only the notices the server drew for the event it drew (from the same answer).
  const seen = drawn?.queries.find(
    ({ key }) => eventId !== undefined && key[0] === eventQueryKey(eventId)[0],
  );
  const event = seen?.data as PublicEventDetails | undefined;
  const state = event && drawn && eventPageState(event, new Date(drawn.renderedAt)).state;
  if (!state || state.kind === 'unavailable') parts.push(EventUnavailable);
  if (!event || event.hidden || state?.kind === 'closed') parts.push(EventNotices);
  return Promise.all(parts.map((part) => part.preload()));
}

/** The event's funding and state at `now`: one rule for what the page shows and what it loads. */
function eventPageState(event: PublicEventDetails, now: Date) {
  const progress = computeFundingProgress(
    parseDecimalToCents(event.currentSales),
    parseDecimalToCents(event.minimumSales),
  );
  const funding = { currentCents: progress.currentCents, goalCents: progress.goalCents };
  return {
    progress,
    funding,
    state: describeEventState(event.status, new Date(event.startsAt), now, funding),
  };
}
/** What the page says when it takes no orders now (or was taken down): only then. */
const EventNotices = lazyPage(() =>
  import('../features/event-page/components/event-notices').then((m) => m.EventNotices),
);
/** A cancelled or declined event's page: rare, so it comes only when needed. */
const EventUnavailable = lazyPage(() =>
  import('../features/event-page/components/event-unavailable').then((m) => m.EventUnavailable),
);
const RemindMeForm = lazy(() =>
  import('../features/reminders/components/remind-me-form').then((m) => ({ default: m.RemindMeForm })),
);
const InviteForm = lazy(() =>
  import('../features/invites/components/invite-form').then((m) => ({ default: m.InviteForm })),
);
/**
 * The no-risk promise: in the server's HTML, but its code (the support chat's button) is not needed
 * to start ordering, so it hydrates when its chunk arrives (decision 174).
 */
const TrustPanel = lazyPage(() =>
  import('../features/event-page/components/trust-panel').then((m) => m.TrustPanel),
);
/** The menu's dietary filter: only for a menu whose dishes carry tags or allergens (decision 172). */
const DietFilterBar = lazyPage(() => import('../components/diet-filter').then((m) => m.DietFilterBar));
const EventMap = lazy(() =>
  import('../features/map/components/event-map').then((m) => ({ default: m.EventMap })),
);

function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

/** The value once it has stopped changing for `ms` (an e-mail being typed asks the server once). */
function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The event could not be shown: its code comes only then. */
function EventLoadError(props: { error?: unknown; onRetry?: () => void }) {
  return (
    <Suspense fallback={<Spinner label="Loading the event…" />}>
      <EventLoadFailure {...props} />
    </Suspense>
  );
}

/** /events/public/{id}: the public event page, open to anyone. */
export function PublicEventPage() {
  const { id } = useParams();
  const eventId = parseId(id);
  if (!eventId) return <EventLoadError />;
  return <PublicEvent key={eventId} eventId={eventId} />;
}

/**
 * The diner's orders card, for a diner with an order (its code is fetched only for them). The orders
 * are asked for on every visit, as the card would (that call starts a guest's session); their answer
 * re-renders this slot, not the whole page.
 */
function MyOrdersSlot(props: {
  eventId: number;
  eventStatus: PublicEventDetails['status'];
  timeZone: string;
  schedule?: { changedAt: string | null; startsAt: string; timeZone: string };
  lookup: OrderLookup;
  onChanged: () => void;
  footer?: ReactNode;
}) {
  const orders = useMyOrders(props.eventId, props.lookup);
  if (!orders.data?.length) return null;
  return (
    <LazyPart label="your orders">
      <MyOrdersCard {...props} />
    </LazyPart>
  );
}

/** The updates card: for visitors once there is something to read, always for those who may post. */
function UpdatesSlot({ eventId, canPost }: { eventId: number; canPost: boolean }) {
  const updates = useEventUpdates(eventId);
  if (!canPost && !updates.data?.length) return null;
  return (
    <LazyPart label="the updates">
      <EventUpdates eventId={eventId} canPost={canPost} />
    </LazyPart>
  );
}

/**
 * The heights (px) the lazily loaded sections reserve, on a phone and from the `sm` width up: theirs as
 * drawn (the cart empty), so nothing below them moves when they arrive. The reminder form sits above
 * the menu: a wrong guess there moved every Add to Cart button.
 */
const REMIND_ME_HEIGHT = [194, 122] as const;
const MAP_HEIGHT = 420;
const CART_HEIGHT = 460;
const DETAILS_HEIGHT = [694, 211] as const;
const INVITE_HEIGHT = 260;

/** While the live stream is down, progress is polled this often instead. */
const FALLBACK_POLL_MS = 10_000;

function PublicEvent({ eventId }: { eventId: number }) {
  const live = useLiveProgress(eventId);
  const [searchParams] = useSearchParams();
  const event = useEventDetails(eventId, live === 'live' ? 60_000 : FALLBACK_POLL_MS, {
    order: parseId(searchParams.get('order')),
    token: searchParams.get('token') ?? undefined,
  });
  if (event.isPending)
    return (
      <>
        <title>Event · Food Truck Fund</title>
        <Spinner label="Loading the event…" />
      </>
    );
  if (event.isError) return <EventLoadError error={event.error} onRetry={() => void event.refetch()} />;
  return <EventView event={event.data} />;
}

function EventView({ event }: { event: PublicEventDetails }) {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const menu = useTruckMenu(event.foodTruckId);
  const stock = useEventStock(event.id, menu.data);
  const user = useUser();
  const [lines, dispatch] = useReducer(cartReducer, []);
  const [customer, setCustomer] = useState<Customer>({ name: '', email: '' });
  const navigate = useNavigate();
  // The cart, name and e-mail survive a refresh, Back and navigation: kept in this browser per event,
  // brought back once the page is live (so the server's HTML and the first render agree), decision 148.
  const restored = useRef(false);
  useEffect(() => {
    // Most visitors have nothing kept: the storage code comes only for those who have.
    if (!keepsCart(event.id)) {
      restored.current = true;
      return;
    }
    void import('../features/checkout/cart-storage').then(({ loadCart }) => {
      const saved = loadCart(event.id);
      if (saved) {
        dispatch({ type: 'restore', lines: saved.lines });
        setCustomer((typed) => (typed.name || typed.email ? typed : saved.customer));
      }
      restored.current = true;
    });
  }, [event.id]);
  useEffect(() => {
    if (restored.current && (lines.length > 0 || keepsCart(event.id)))
      void import('../features/checkout/cart-storage').then(({ saveCart }) =>
        saveCart(event.id, { lines, customer }),
      );
  }, [event.id, lines, customer]);
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  const [diet, setDiet] = useState<DietFilter>({ tags: [], without: [] });
  const email = useSettledValue(isEmailAddress(customer.email) ? customer.email.trim() : undefined, 400);
  const [cartElement, setCartElement] = useState<HTMLDivElement | null>(null);
  // The tip for the crew (decision 188): none until the diner picks one.
  const [tip, setTip] = useState<TipChoice>();
  const cartInView = useElementInView(cartElement);
  // "Added Horchata": feedback for a tap on Add to Cart, shown a moment and announced.
  const [lastAdded, setLastAdded] = useState<{ name: string; at: number } | null>(null);
  useEffect(() => {
    if (!lastAdded) return;
    const timer = setTimeout(() => setLastAdded(null), 3000);
    return () => clearTimeout(timer);
  }, [lastAdded]);

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
  const now = useNow();
  const { progress, funding, state } = eventPageState(event, now);
  const pageTitle = <title>{`${event.title} · Food Truck Fund`}</title>;
  if (state.kind === 'unavailable') {
    // A diner who pre-ordered still sees what became of their order: released, or refunded.
    return (
      <EventUnavailable title={event.title} event={event}>
        {pageTitle}
        <MyOrdersSlot
          eventId={event.id}
          eventStatus={event.status}
          timeZone={event.timeZone}
          lookup={orderLookup}
          onChanged={refreshEvent}
        />
      </EventUnavailable>
    );
  }

  // A taken-down event takes no new orders; its diners still see theirs (decision 128).
  const takingOrders = state.kind === 'taking-orders' && !event.hidden;
  const markupBasisPoints = percentageToBasisPoints(event.priceMarkupPercentage);
  const markupPercentage = markupBasisPoints / 100;
  const offered = event.menuItemIds;
  const menuItems = (menu.data ?? []).filter((item) => !offered || offered.includes(item.id));
  const dietFiltered = diet.tags.length + diet.without.length > 0;
  const hasDietInfo = menuItems.some((item) => item.dietaryTags.length + item.allergens.length > 0);
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
    setLastAdded({ name: item.name, at: Date.now() });
  };
  const itemCount = pricedLines.reduce((sum, line) => sum + line.quantity, 0);
  const cartTotalCents = priceCheckout(pricedLines, markupBasisPoints, event.salesTax, tip).totalCents;
  const openCart = () => {
    cartElement?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen reader users land on the cart too, not only the eyes.
    cartElement?.querySelector<HTMLElement>('#cart-title')?.focus({ preventScroll: true });
  };
  const pageUrl = `${pageOrigin()}/events/public/${event.id}`;
  const canPostUpdates = user.data ? [event.organizerId, event.foodTruckId].includes(user.data.id) : false;
  // The 48-hour reminder is for events that still need backers and are further out than that.
  const offersReminder =
    takingOrders &&
    !hasReachedGoal(event.status) &&
    startsAt.getTime() - now.getTime() > VISITOR_REMINDER_LEAD_MS;

  return (
    <div className={itemCount > 0 ? 'pb-28 lg:pb-12' : 'pb-12'}>
      {pageTitle}
      {takingOrders && (
        <PreAuthorizationBanner
          chargedAtOnce={state.chargedAtOnce}
          shortfallCents={state.shortfallCents}
          savesCard={choosePaymentMode(now, startsAt) === 'save'}
        />
      )}
      <div className="mx-auto max-w-6xl space-y-6 px-4 pt-6">
        <EventHero
          event={event}
          now={now}
          actions={
            <>
              {takingOrders && (
                <a href="#menu" className={buttonClass('primary', 'sm')}>
                  Order
                </a>
              )}
              <a
                href={apiPath('/api/events/{id}/calendar.ics', { id: event.id })}
                download={`event-${event.id}.ics`}
                className={buttonClass('outline', 'sm')}
              >
                Add to calendar
              </a>
              <Suspense fallback={null}>
                <ShareButtons
                  url={pageUrl}
                  details={{
                    title: event.title,
                    location: event.location,
                    date: formatEventDate(startsAt, event.timeZone),
                    percentFunded: progress.percentFunded,
                  }}
                />
              </Suspense>
            </>
          }
        />

        {searchParams.get('reminder') === 'confirmed' && (
          <Alert tone="success" title="Your reminder is set">
            We&apos;ll e-mail you 48 hours before the event if it still needs pre-orders.
          </Alert>
        )}

        {(event.hidden || state.kind === 'closed') && (
          <EventNotices event={event} closed={state.kind === 'closed'} funding={funding} />
        )}

        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="min-w-0 space-y-6 lg:col-span-2">
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
                {offersReminder && (
                  <LazySection label="the reminder form" minHeight={REMIND_ME_HEIGHT}>
                    <RemindMeForm eventId={event.id} />
                  </LazySection>
                )}
              </CardContent>
            </Card>
            <OrganizerCause
              organizerName={event.organizerName}
              cause={event.cause}
              truckName={event.foodTruckName ?? event.foodTruck.businessName ?? event.foodTruck.username}
              markupPercentage={markupPercentage}
            />
          </div>
          <Suspense fallback={null}>
            <TrustPanel chargedAtOnce={hasReachedGoal(event.status)} />
          </Suspense>
        </div>

        <UpdatesSlot eventId={event.id} canPost={canPostUpdates} />

        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <Card id="menu" aria-labelledby="menu-title" className="min-w-0 scroll-mt-20 lg:col-span-2">
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
                <>
                  {hasDietInfo && (
                    <Suspense fallback={null}>
                      <DietFilterBar
                        items={menuItems}
                        filter={diet}
                        onChange={setDiet}
                        shown={menuItems.filter((item) => fitsDiet(item, diet)).length}
                      />
                    </Suspense>
                  )}
                  <MenuGrid
                    items={menuItems}
                    visible={dietFiltered ? menuItems.filter((item) => fitsDiet(item, diet)) : undefined}
                    markupBasisPoints={markupBasisPoints}
                    onAdd={takingOrders && !payment ? addToCart : undefined}
                    left={stock.data}
                    inCart={(id) => lines.find((line) => line.menuItemId === id)?.quantity ?? 0}
                  />
                </>
              )}
            </CardContent>
          </Card>

          <div className="min-w-0 space-y-6">
            {takingOrders && (
              <div ref={setCartElement} className="scroll-mt-20">
                <Card aria-labelledby="cart-title">
                  <CardHeader>
                    <CardTitle id="cart-title" tabIndex={-1}>
                      Your Cart
                    </CardTitle>
                  </CardHeader>
                  <CardContent>
                    <LazySection label="the cart" minHeight={CART_HEIGHT}>
                      <CheckoutPanel
                        eventId={event.id}
                        lines={pricedLines}
                        dispatch={dispatch}
                        markupBasisPoints={markupBasisPoints}
                        markupPercentage={markupPercentage}
                        salesTax={event.salesTax}
                        tip={tip}
                        onTipChange={setTip}
                        customer={customer}
                        onCustomerChange={setCustomer}
                        onPaymentReady={(created) => setPayment({ eventId: event.id, ...created })}
                        onOrderRefused={() => {
                          refreshEvent();
                          void menu.refetch();
                          void stock.refetch();
                        }}
                        paymentStep={
                          payment && (
                            <LazyPart label="the card form">
                              <CardPayment
                                request={payment}
                                onCancel={() => setPayment(null)}
                                onComplete={() => {
                                  setPayment(null);
                                  dispatch({ type: 'clear' });
                                  // The note was for this order, not the next one.
                                  setCustomer(({ name, email }) => ({ name, email }));
                                  refreshAll();
                                  // Paid: nothing of this cart is kept, even if the page is gone before its effects run.
                                  void import('../features/checkout/cart-storage').then(({ saveCart }) =>
                                    saveCart(event.id, { lines: [], customer }),
                                  );
                                  void navigate(`/events/public/${event.id}/orders/${payment.orderId}`);
                                }}
                              />
                            </LazyPart>
                          )
                        }
                      />
                    </LazySection>
                  </CardContent>
                </Card>
              </div>
            )}
            <MyOrdersSlot
              eventId={event.id}
              eventStatus={event.status}
              timeZone={event.timeZone}
              schedule={{ changedAt: event.changedAt, startsAt: event.startsAt, timeZone: event.timeZone }}
              lookup={orderLookup}
              onChanged={refreshEvent}
              footer={<ForgetDevice returnTo={`/events/public/${event.id}`} />}
            />
          </div>
        </div>

        <LazySection label="the truck and event details" minHeight={DETAILS_HEIGHT}>
          <div className="grid gap-6 lg:grid-cols-2">
            <TruckDetails truck={event.foodTruck} />
            <EventDetails event={event} />
          </div>
        </LazySection>
        <LazySection label="the map" minHeight={MAP_HEIGHT}>
          <EventMap location={event.location} />
        </LazySection>
        {LIVE_EVENT_STATUSES.includes(event.status) && (
          <LazySection label="the invite form" minHeight={INVITE_HEIGHT}>
            <InviteForm
              eventId={event.id}
              sender={!user.data ? 'guest' : user.data.emailVerified ? 'confirmed' : 'unconfirmed'}
            />
          </LazySection>
        )}
      </div>
      {takingOrders && itemCount > 0 && !cartInView && (
        <LazyPart label="the cart summary">
          <StickyCartBar
            itemCount={itemCount}
            totalCents={cartTotalCents}
            lastAdded={lastAdded?.name ?? null}
            onOpenCart={openCart}
          />
        </LazyPart>
      )}
      <p role="status" className="sr-only">
        {lastAdded
          ? `Added ${lastAdded.name} to your cart: ${describeItemCount(itemCount)}, ${formatCents(cartTotalCents)}.`
          : null}
      </p>
    </div>
  );
}
