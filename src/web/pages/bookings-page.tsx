import { PageContainer, PageHeader } from '../components/ui/page-header';
import { EmptyState } from '../components/ui/empty-state';
import { CalendarCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { RequireRole } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button, buttonClass } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useBookings } from '../features/bookings/api/get-bookings';
import { BookingCard } from '../features/bookings/components/booking-card';
import { CallOffEventDialog, type CallOffTarget } from '../features/events/components/call-off-event-dialog';

function Bookings() {
  const bookings = useBookings();
  const [callingOff, setCallingOff] = useState<CallOffTarget | null>(null);
  return (
    <PageContainer>
      <PageHeader
        title="My Bookings"
        description="Every event you accepted, upcoming first, with what to cook."
        actions={
          bookings.data &&
          bookings.data.length > 0 && (
            <a href="/api/bookings/export.csv" download className={buttonClass('outline')}>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <div className="mt-6">
        {bookings.isPending ? (
          <Spinner label="Loading your bookings…" />
        ) : bookings.isError ? (
          <Alert tone="error" title="Failed to load your bookings. Please try again.">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void bookings.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : bookings.data.length === 0 ? (
          <EmptyState icon={CalendarCheck} title="No bookings yet. Events you approve appear here." />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {bookings.data.map((booking) => (
              <BookingCard key={booking.event.id} booking={booking} onCallOff={setCallingOff} />
            ))}
          </div>
        )}
      </div>
      <CallOffEventDialog event={callingOff} onClose={() => setCallingOff(null)} />
    </PageContainer>
  );
}

/** /bookings: food trucks only; others go home. */
export function BookingsPage() {
  return (
    <>
      <title>My Bookings · Food Truck Fund</title>
      <RequireRole roles={['foodtruck']} otherwise="home">
        {() => <Bookings />}
      </RequireRole>
    </>
  );
}
