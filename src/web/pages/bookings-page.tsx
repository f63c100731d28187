import { PageContainer, PageHeader } from '../components/ui/page-header';
import { EmptyState } from '../components/ui/empty-state';
import { CalendarCheck, Download } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rolePage } from '../app/session-gate';
import { ListStates, LoadMore } from '../components/load-more';
import { buttonClass } from '../components/ui/button';
import type { BookingDto } from '@contract/bookings';
import { bookingsQueryKey, useBookings } from '../features/bookings/api/get-bookings';
import { LiveOrdersNote } from '../features/bookings/components/live-orders-note';
import { useLiveOrders } from '../features/bookings/hooks/use-live-orders';
import { BookingCard } from '../features/bookings/components/booking-card';
import { GuaranteeNotice } from '../features/payments/components/guarantee-notice';
import { CallOffEventDialog, type CallOffTarget } from '../features/events/components/call-off-event-dialog';
import { apiPath } from '../lib/api-client';
import { useT } from '../lib/i18n';

/** One group of bookings under its heading; a group with nothing in it says so, or is left out. */
function BookingSection({
  id,
  title,
  empty,
  bookings,
  onCallOff,
}: {
  /** The heading's id stem (stable in every language). */
  id: string;
  title: string;
  empty?: string;
  bookings: BookingDto[];
  onCallOff: (target: CallOffTarget) => void;
}) {
  if (bookings.length === 0 && !empty) return null;
  const headingId = `bookings-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {bookings.map((booking) => (
            <BookingCard
              key={booking.event.id}
              booking={booking}
              onCallOff={onCallOff}
              note={<GuaranteeNotice eventId={booking.event.id} />}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function Bookings() {
  const t = useT('app');
  const bookings = useBookings();
  const [callingOff, setCallingOff] = useState<CallOffTarget | null>(null);
  const queryClient = useQueryClient();
  // The soonest events ahead get their orders live; the others refresh with the page.
  const upcomingIds = (bookings.data ?? []).filter((b) => b.upcoming).map((b) => b.event.id);
  const live = useLiveOrders(upcomingIds, () => {
    void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
  });
  return (
    <PageContainer>
      <PageHeader
        title={t('bookings.pageTitle')}
        description={t('bookings.pageDescription')}
        actions={
          bookings.data &&
          bookings.data.length > 0 && (
            <a href={apiPath('/api/bookings/export.csv')} download className={buttonClass('outline')}>
              <Download aria-hidden="true" />
              {t('bookings.exportCsv')}
            </a>
          )
        }
      />
      {upcomingIds.length > 0 && <LiveOrdersNote state={live} className="mt-2" />}
      <div className="mt-6" data-tour="bookings">
        <ListStates
          query={bookings}
          loading={t('bookings.loading')}
          failed={t('bookings.failed')}
          empty={<EmptyState icon={CalendarCheck} title={t('bookings.empty')} />}
        >
          {(all) => (
            <div className="space-y-8">
              <BookingSection
                id="upcoming"
                title={t('bookings.upcoming')}
                empty={t('bookings.upcomingEmpty')}
                bookings={all.filter((b) => b.upcoming)}
                onCallOff={setCallingOff}
              />
              <BookingSection
                id="past-and-called-off"
                title={t('bookings.past')}
                bookings={all.filter((b) => !b.upcoming)}
                onCallOff={setCallingOff}
              />
            </div>
          )}
        </ListStates>
        <LoadMore pages={bookings} things={t('bookings.things')} />
      </div>
      <CallOffEventDialog event={callingOff} by="truck" onClose={() => setCallingOff(null)} />
    </PageContainer>
  );
}

/** /bookings: food trucks only; others go home. */
export const BookingsPage = rolePage(
  { titleKey: 'tabTitles.myBookings', roles: ['foodtruck'], otherwise: 'home' },
  () => <Bookings />,
);
