import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { MenuItemDto } from '../../contract/menu';
import { isEmailAddress } from '../../core/form-rules';
import { asCurrency } from '../../core/currency';
import { percentageToBasisPoints } from '../../core/pricing';
import { priceCheckout, type TipChoice } from '../../core/tips-and-tax';
import { formatEventDate } from '../../core/time';
import { Alert } from '../components/ui/alert';
import { buttonClass } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { forgetKeptCart, useKeptCart } from '../features/checkout/use-kept-cart';
import {
  eventQueryKey,
  useEventDetails,
  type PublicEventDetails,
} from '../features/event-page/api/get-event';
import { useEventStock } from '../features/event-page/api/get-event-menu';
import { EventHero } from '../features/event-page/components/event-hero';
import { MenuCard } from '../features/event-page/components/menu-card';
import { PreAuthorizationBanner } from '../features/event-page/components/pre-authorization-banner';
import { eventPageState } from '../features/event-page/event-page-state';
import { eventMoney, EventCurrencyProvider } from '../lib/event-money';
import { useElementInView } from '../features/event-page/hooks/use-element-in-view';
import { useLiveProgress } from '../features/event-page/hooks/use-live-progress';
import { describeItemCount } from '../features/event-page/item-count';
import { myOrdersQueryKey } from '../features/payments/api/get-my-orders';
import type { PaymentRequest } from '../features/payments/payment-request';
import { LazyPart } from '../components/lazy-section';
import { VISITOR_REMINDER_LEAD_MS } from '../../core/momentum';
import { choosePaymentMode } from '../../core/order-status';
import { apiPath } from '../lib/api-client';
import { pageOrigin } from '../lib/page-origin';
import { parseId } from '../lib/parse-id';
import { useNow } from '../lib/render-time';
import { useTruckMenu } from '../lib/truck-menu';
import { useLanguage, useT } from '@web/lib/i18n';
import { useSettledValue } from '../lib/use-settled-value';
import {
  CardPayment,
  CheckoutPanel,
  EventLoadError,
  EventNotices,
  EventUnavailable,
  ForgetDevice,
  ShareButtons,
  StickyCartBar,
} from './public-event/lazy-parts';
import { BelowTheMenu } from './public-event/below-the-menu';
import { MyOrdersSlot } from './public-event/order-slots';

// The router loads, before the page is drawn, the parts the server drew (decisions 108 and 208).
export { preloadServerRenderedParts } from './public-event/lazy-parts';

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
  const t = useT();
  const live = useLiveProgress(eventId);
  const [searchParams] = useSearchParams();
  const event = useEventDetails(eventId, live === 'live' ? 60_000 : FALLBACK_POLL_MS, {
    order: parseId(searchParams.get('order')),
    token: searchParams.get('token') ?? undefined,
  });
  if (event.isPending)
    return (
      <>
        <title>{t('eventPage.eventFoodTruckFund')}</title>
        <Spinner label={t('eventPage.loadingTheEvent')} />
      </>
    );
  if (event.isError) return <EventLoadError error={event.error} onRetry={() => void event.refetch()} />;
  return <EventView event={event.data} />;
}

function EventView({ event }: { event: PublicEventDetails }) {
  const t = useT();
  // Every amount of the event, its menu and its cart is in the truck's currency (decision 230).
  const money = eventMoney(asCurrency(event.currency), useLanguage());
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const menu = useTruckMenu(event.foodTruckId);
  const stock = useEventStock(event.id, menu.data);
  const user = useUser();
  const [lines, dispatch, customer, setCustomer] = useKeptCart(event.id);
  const navigate = useNavigate();
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  // Giving without ordering (decision 223): the checkout opens with no dish.
  const [giving, setGiving] = useState(false);
  const email = useSettledValue(isEmailAddress(customer.email) ? customer.email.trim() : undefined, 400);
  const cartRef = useRef<HTMLDivElement>(null);
  // The tip for the crew (decision 188): none until the diner picks one.
  const [tip, setTip] = useState<TipChoice>();
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
  const { progress, funding, story, state } = eventPageState(event, now);
  const cartInView = useElementInView(cartRef, state.kind === 'taking-orders');
  const pageTitle = <title>{t('eventPage.foodTruckFund', { title: event.title })}</title>;
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

  // A taken-down event takes no new orders; its diners still see theirs (decision 128). What each
  // block says comes from the one state table (src/core/event-story.ts).
  const takingOrders = state.kind === 'taking-orders';
  const markupBasisPoints = percentageToBasisPoints(event.priceMarkupPercentage);
  const markupPercentage = markupBasisPoints / 100;
  const offered = event.menuItemIds;
  const menuItems = (menu.data ?? []).filter((item) => !offered || offered.includes(item.id));
  // The cart keeps what was added; prices and names always come from the menu as the server has it now.
  const pricedLines = lines.map((line) => {
    const current = menuItems.find((item) => item.id === line.menuItemId);
    return current ? { ...line, name: current.name, baseCents: money.parse(current.price) } : line;
  });

  const addToCart = (item: MenuItemDto) => {
    dispatch({
      type: 'add',
      item: { menuItemId: item.id, name: item.name, baseCents: money.parse(item.price) },
    });
    setLastAdded({ name: item.name, at: Date.now() });
  };
  const itemCount = pricedLines.reduce((sum, line) => sum + line.quantity, 0);
  const cartTotalCents = priceCheckout(pricedLines, markupBasisPoints, event.salesTax, tip).totalCents;
  const openCart = () => {
    cartRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen reader users land on the cart too, not only the eyes.
    cartRef.current?.querySelector<HTMLElement>('#cart-title')?.focus({ preventScroll: true });
  };
  const canPostUpdates = user.data ? [event.organizerId, event.foodTruckId].includes(user.data.id) : false;
  // The 48-hour reminder is for events that still need backers and are further out than that.
  const offersReminder =
    story.actions.remindMe && startsAt.getTime() - now.getTime() > VISITOR_REMINDER_LEAD_MS;

  return (
    // A long unbroken word (a truck's name) wraps rather than scroll the page sideways on a phone.
    <EventCurrencyProvider currency={event.currency}>
      <div className={itemCount > 0 ? 'pb-28 wrap-anywhere lg:pb-12' : 'pb-12 wrap-anywhere'}>
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
                    {t('eventPage.order')}
                  </a>
                )}
                <a
                  href={apiPath('/api/events/{id}/calendar.ics', { id: event.id })}
                  download={`event-${event.id}.ics`}
                  className={buttonClass('outline', 'sm')}
                >
                  {t('eventPage.addToCalendar')}
                </a>
                <Suspense fallback={null}>
                  <ShareButtons
                    url={`${pageOrigin()}/events/public/${event.id}`}
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
            <Alert tone="success" title={t('eventPage.yourReminderIsSet')}>
              {t('eventPage.weLlEMail')}
            </Alert>
          )}

          {(event.hidden || story.notice) && (
            <EventNotices event={event} notice={story.notice} funding={funding} />
          )}

          {/* The food first (issue 42): on a phone the first Add to Cart is within 1.5 screens; the
            progress, the cause and the promise follow it. */}
          <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
            <MenuCard
              items={menuItems}
              menu={menu}
              markupBasisPoints={markupBasisPoints}
              markupPercentage={markupPercentage}
              onAdd={takingOrders && !payment ? addToCart : undefined}
              left={stock.data}
              inCart={(id) => lines.find((line) => line.menuItemId === id)?.quantity ?? 0}
            />

            <div className="min-w-0 space-y-6">
              {takingOrders && (
                <div ref={cartRef} className="scroll-mt-20">
                  <Card aria-labelledby="cart-title">
                    <CardHeader>
                      <CardTitle id="cart-title" tabIndex={-1}>
                        {t('eventPage.yourCart')}
                      </CardTitle>
                    </CardHeader>
                    <CardContent>
                      {/* Empty, the cart is one short line; its form and code come with the first dish. */}
                      {pricedLines.length === 0 && !payment && !giving ? (
                        <p className="text-sm text-stone-600">
                          {t('eventPage.yourCartIsEmpty')}{' '}
                          <button
                            type="button"
                            className="font-semibold text-brand-700 underline underline-offset-4"
                            onClick={() => setGiving(true)}
                          >
                            {t('funding.giveWithoutOrdering')}
                          </button>
                        </p>
                      ) : (
                        <LazyPart label={t('eventPage.theCart')}>
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
                                <LazyPart label={t('eventPage.theCardForm')}>
                                  <CardPayment
                                    request={payment}
                                    onCancel={() => setPayment(null)}
                                    onComplete={() => {
                                      setPayment(null);
                                      dispatch({ type: 'clear' });
                                      // The note was for this order, not the next one.
                                      setCustomer(({ name, email }) => ({ name, email }));
                                      refreshAll();
                                      forgetKeptCart(event.id, customer);
                                      void navigate(`/events/public/${event.id}/orders/${payment.orderId}`);
                                    }}
                                  />
                                </LazyPart>
                              )
                            }
                          />
                        </LazyPart>
                      )}
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

          <BelowTheMenu
            event={event}
            startsAt={startsAt}
            story={story}
            markupPercentage={markupPercentage}
            offersReminder={offersReminder}
            canPostUpdates={canPostUpdates}
            sender={!user.data ? 'guest' : user.data.emailVerified ? 'confirmed' : 'unconfirmed'}
          />
        </div>
        {takingOrders && itemCount > 0 && !cartInView && (
          <LazyPart label={t('eventPage.theCartSummary')}>
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
            ? t('eventPage.addedToYourCart', {
                name: lastAdded.name,
                itemCount: describeItemCount(itemCount),
                cents: money.format(cartTotalCents),
              })
            : null}
        </p>
      </div>
    </EventCurrencyProvider>
  );
}
