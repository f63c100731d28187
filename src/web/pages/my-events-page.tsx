import { PageContainer, PageHeader } from '../components/ui/page-header';
import { EmptyState } from '../components/ui/empty-state';
import { CalendarPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { rolePage } from '../app/session-gate';
import { ListStates, LoadMore } from '../components/load-more';
import { ButtonLink } from '../components/ui/button';
import type { User } from '../features/auth/api/get-user';
import { useOrganizerEvents, type OrganizerEvent } from '../features/events/api/get-organizer-events';
import { CallOffEventDialog } from '../features/events/components/call-off-event-dialog';
import { OrganizerEventCard } from '../features/events/components/organizer-event-card';

function MyEvents({ user }: { user: User }) {
  const events = useOrganizerEvents(user.id);
  const [cancelling, setCancelling] = useState<OrganizerEvent | null>(null);

  return (
    <PageContainer>
      <PageHeader
        title="My Events"
        description="Every event you asked a truck to, with its funding and orders."
        actions={
          <>
            <ButtonLink to="/events/public" variant="outline">
              View Public Events
            </ButtonLink>
            <ButtonLink to="/events/create">
              <Plus aria-hidden="true" />
              Create New Event
            </ButtonLink>
          </>
        }
      />
      <div className="mt-6">
        <ListStates
          query={events}
          loading="Loading your events…"
          failed="Failed to load events. Please try again."
          empty={
            <EmptyState
              icon={CalendarPlus}
              title="No events created yet."
              action={<ButtonLink to="/events/create">Create Your First Event</ButtonLink>}
            >
              Pick a food truck, a date and a place; the truck has 24 hours to accept.
            </EmptyState>
          }
        >
          {(organizerEvents) => (
            <div className="grid gap-4 md:grid-cols-2">
              {organizerEvents.map((event) => (
                <OrganizerEventCard key={event.id} event={event} onCancel={setCancelling} />
              ))}
            </div>
          )}
        </ListStates>
        <LoadMore pages={events} things="events" />
      </div>
      <CallOffEventDialog event={cancelling} onClose={() => setCancelling(null)} />
    </PageContainer>
  );
}

/** /my-events: organizers only; others go home. */
export const MyEventsPage = rolePage(
  { title: 'My Events', roles: ['organizer'], otherwise: 'home' },
  (user) => <MyEvents user={user} />,
);
