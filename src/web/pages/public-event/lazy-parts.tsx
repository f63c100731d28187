import { lazy, Suspense } from 'react';
import type { BootData } from '@contract/server-render';
import { Spinner } from '../../components/ui/spinner';
import { eventQueryKey, type PublicEventDetails } from '../../features/event-page/api/get-event';
import { DietFilterBar } from '../../features/event-page/components/menu-card';
import { DietLabels } from '../../features/event-page/components/menu-grid';
import { eventPageState } from '../../features/event-page/event-page-state';
import { lazyPage } from '../../lib/lazy-page';
import { useT } from '@web/lib/i18n';

/*
 * The public event page's parts that are not needed to see the event and start ordering: they arrive
 * after the page (decision 094), the parts below the fold when they come near the screen, the diner's
 * orders and the updates when there are some, the card form when the card step is reached.
 */
const EventLoadFailure = lazy(() =>
  import('../../features/event-page/components/event-load-failure').then((m) => ({
    default: m.EventLoadFailure,
  })),
);
// Shown once something is in the cart: its chunk arrives with the first item, not with the page.
export const StickyCartBar = lazy(() =>
  import('../../features/event-page/components/sticky-cart-bar').then((m) => ({ default: m.StickyCartBar })),
);
export const ForgetDevice = lazy(() =>
  import('../../features/auth/components/forget-device').then((m) => ({ default: m.ForgetDevice })),
);
// Gifts and sponsors (decision 223): a section below the fold, loaded when it comes near the screen.
export const EventSponsors = lazy(() =>
  import('../../features/funding/components/event-sponsors').then((m) => ({ default: m.EventSponsors })),
);
export const CheckoutPanel = lazy(() =>
  import('../../features/checkout/components/checkout-panel').then((m) => ({ default: m.CheckoutPanel })),
);
export const CardPayment = lazy(() =>
  import('../../features/payments/components/card-payment').then((m) => ({ default: m.CardPayment })),
);
export const MyOrdersCard = lazy(() =>
  import('../../features/payments/components/my-orders-card').then((m) => ({ default: m.MyOrdersCard })),
);
export const EventUpdates = lazyPage(() =>
  import('../../features/updates/components/event-updates').then((m) => m.EventUpdates),
);
export const RemindMeForm = lazy(() =>
  import('../../features/reminders/components/remind-me-form').then((m) => ({ default: m.RemindMeForm })),
);
export const InviteForm = lazy(() =>
  import('../../features/invites/components/invite-form').then((m) => ({ default: m.InviteForm })),
);
export const TruckDetails = lazy(() =>
  import('../../features/event-page/components/truck-details').then((m) => ({ default: m.TruckDetails })),
);
export const EventDetails = lazy(() =>
  import('../../features/event-page/components/event-details').then((m) => ({ default: m.EventDetails })),
);
export const EventMap = lazy(() =>
  import('../../features/map/components/event-map').then((m) => ({ default: m.EventMap })),
);

/**
 * The share buttons: in the server's HTML, but not needed to start ordering, so their code (shared with
 * the confirmation page) is not part of the page's first script (decision 148).
 */
export const ShareButtons = lazyPage(() =>
  import('../../features/share/components/share-buttons').then((m) => m.ShareButtons),
);
/** What the page says when it takes no orders now (or was taken down): only then. */
export const EventNotices = lazyPage(() =>
  import('../../features/event-page/components/event-notices').then((m) => m.EventNotices),
);
/** A cancelled or declined event's page: rare, so it comes only when needed. */
export const EventUnavailable = lazyPage(() =>
  import('../../features/event-page/components/event-unavailable').then((m) => m.EventUnavailable),
);
/**
 * The progress and the cause: in the server's HTML, after the menu (issue 42), so their code is not part
 * of the page's first script; the browser loads them before hydrating (decision 232).
 */
export const FundingCard = lazyPage(() =>
  import('../../features/event-page/components/funding-card').then((m) => m.FundingCard),
);
export const OrganizerCause = lazyPage(() =>
  import('../../features/event-page/components/organizer-cause').then((m) => m.OrganizerCause),
);
/**
 * The no-risk promise: in the server's HTML, but its code (the support chat's button) is not needed
 * to start ordering, so it hydrates when its chunk arrives (decision 174).
 */
export const TrustPanel = lazyPage(() =>
  import('../../features/event-page/components/trust-panel').then((m) => m.TrustPanel),
);

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
    FundingCard,
    OrganizerCause,
  ];
  // The browser loads only the notices the server drew for the event it drew (from the same answer).
  const seen = drawn?.queries.find(
    ({ key }) => eventId !== undefined && key[0] === eventQueryKey(eventId)[0],
  );
  const event = seen?.data as PublicEventDetails | undefined;
  const read = event && drawn && eventPageState(event, new Date(drawn.renderedAt));
  if (!read || read.state.kind === 'unavailable') parts.push(EventUnavailable);
  if (!event || event.hidden || read?.story.notice) parts.push(EventNotices);
  return Promise.all(parts.map((part) => part.preload()));
}

/** The event could not be shown: its code comes only then. */
export function EventLoadError(props: { error?: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <Suspense fallback={<Spinner label={t('eventPage.loadingTheEvent')} />}>
      <EventLoadFailure {...props} />
    </Suspense>
  );
}
