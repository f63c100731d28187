import { useState } from 'react';
import { RequireRole } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { useOrganizerEvents, type OrganizerEvent } from '../features/events/api/get-organizer-events';
import { CallOffEventDialog } from '../features/events/components/call-off-event-dialog';
import { OrganizerEventCard } from '../features/events/components/organizer-event-card';

function MyEvents({ user }: { user: User }) {
  const events = useOrganizerEvents(user.id);
  const [cancelling, setCancelling] = useState<OrganizerEvent | null>(null);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-3xl font-bold">My Events</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/events/public" variant="outline">
            View Public Events
          </ButtonLink>
          <ButtonLink to="/events/create">Create New Event</ButtonLink>
        </div>
      </div>
      <div className="mt-6">
        {events.isPending ? (
          <Spinner label="Loading your events…" />
        ) : events.isError ? (
          <Alert tone="error" title="Failed to load events. Please try again.">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void events.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : events.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
            <p className="text-stone-600">No events created yet.</p>
            <ButtonLink to="/events/create" className="mt-4">
              Create Your First Event
            </ButtonLink>
          </div>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {events.data.map((event) => (
              <OrganizerEventCard key={event.id} event={event} onCancel={setCancelling} />
            ))}
          </div>
        )}
      </div>
      <CallOffEventDialog event={cancelling} onClose={() => setCancelling(null)} />
    </div>
  );
}

/** /my-events: organizers only; others go home. */
export function MyEventsPage() {
  return (
    <RequireRole roles={['organizer']} otherwise="home">
      {(user) => <MyEvents user={user} />}
    </RequireRole>
  );
}
