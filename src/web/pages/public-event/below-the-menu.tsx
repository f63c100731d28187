import { Suspense } from 'react';
import { hasReachedGoal } from '@core/event-status';
import { LazySection } from '../../components/lazy-section';
import type { PublicEventDetails } from '../../features/event-page/api/get-event';
import type { eventPageState } from '../../features/event-page/event-page-state';
import { useT } from '../../lib/i18n';
import {
  EventDetails,
  EventMap,
  EventSponsors,
  FundingCard,
  InviteForm,
  OrganizerCause,
  RemindMeForm,
  TrustPanel,
  TruckDetails,
} from './lazy-parts';
import { UpdatesSlot } from './order-slots';

/**
 * The heights (px) the lazily loaded sections reserve, on a phone and from the `sm` width up: theirs as
 * drawn, so nothing below them moves when they arrive. The reminder form used to sit above the menu
 * (a wrong guess there moved every Add to Cart button); the menu now comes first.
 */
const REMIND_ME_HEIGHT = [194, 122] as const;
const MAP_HEIGHT = 420;
const DETAILS_HEIGHT = [694, 211] as const;
const INVITE_HEIGHT = 260;

/**
 * What the event page shows after the menu and the cart (issue 42: the food first): the progress and
 * the cause, the promise, the sponsors, the updates, the truck and the event, the map and the invites,
 * each loaded as it nears the screen.
 */
export function BelowTheMenu({
  event,
  startsAt,
  story,
  markupPercentage,
  offersReminder,
  canPostUpdates,
  sender,
}: {
  event: PublicEventDetails;
  startsAt: Date;
  story: ReturnType<typeof eventPageState>['story'];
  markupPercentage: number;
  offersReminder: boolean;
  canPostUpdates: boolean;
  sender: 'guest' | 'confirmed' | 'unconfirmed';
}) {
  const t = useT();
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Suspense fallback={null}>
            <FundingCard
              event={event}
              startsAt={startsAt}
              story={story}
              reminder={
                offersReminder && (
                  <LazySection label={t('eventPage.theReminderForm')} minHeight={REMIND_ME_HEIGHT}>
                    <RemindMeForm eventId={event.id} />
                  </LazySection>
                )
              }
            />
            <OrganizerCause
              organizerName={event.organizerName}
              cause={event.cause}
              truckName={event.foodTruckName ?? event.foodTruck.businessName ?? event.foodTruck.username}
              markupPercentage={markupPercentage}
            />
          </Suspense>
        </div>
        <Suspense fallback={null}>
          <TrustPanel chargedAtOnce={hasReachedGoal(event.status)} />
        </Suspense>
      </div>

      <LazySection label={t('eventPage.theSponsors')} minHeight={0}>
        <EventSponsors eventId={event.id} />
      </LazySection>
      <UpdatesSlot eventId={event.id} canPost={canPostUpdates} />

      <LazySection label={t('eventPage.theTruckAndEvent')} minHeight={DETAILS_HEIGHT}>
        <div className="grid gap-6 lg:grid-cols-2">
          <TruckDetails truck={event.foodTruck} />
          <EventDetails event={event} />
        </div>
      </LazySection>
      <LazySection label={t('eventPage.theMap')} minHeight={MAP_HEIGHT}>
        <EventMap location={event.location} />
      </LazySection>
      {story.actions.invite && (
        <LazySection label={t('eventPage.theInviteForm')} minHeight={INVITE_HEIGHT}>
          <InviteForm eventId={event.id} sender={sender} />
        </LazySection>
      )}
    </>
  );
}
