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
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">My Bookings</h1>
          <p className="mt-1 text-stone-600">Every event you accepted, upcoming first, with what to cook.</p>
        </div>
        {bookings.data && bookings.data.length > 0 && (
          <a href="/api/bookings/export.csv" download className={buttonClass('outline')}>
            Export CSV
          </a>
        )}
      </div>
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
          <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
            <p className="text-stone-600">No bookings yet. Events you approve appear here.</p>
          </div>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {bookings.data.map((booking) => (
              <BookingCard key={booking.event.id} booking={booking} onCallOff={setCallingOff} />
            ))}
          </div>
        )}
      </div>
      <CallOffEventDialog event={callingOff} onClose={() => setCallingOff(null)} />
    </div>
  );
}

/** /bookings: food trucks only; others go home. */
export function BookingsPage() {
  return (
    <RequireRole roles={['foodtruck']} otherwise="home">
      {() => <Bookings />}
    </RequireRole>
  );
}
