import { PageContainer, PageHeader } from '../components/ui/page-header';
import { EmptyState } from '../components/ui/empty-state';
import { CalendarPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { RolePage } from '../app/session-gate';
import { ListStates, LoadMore } from '../components/load-more';
import { ButtonLink } from '../components/ui/button';
import type { User } from '../features/auth/api/get-user';
import { useOrganizerEvents, type OrganizerEvent } from '../features/events/api/get-organizer-events';
import { CallOffEventDialog } from '../features/events/components/call-off-event-dialog';
import { OrganizerEventCard } from '../features/events/components/organizer-event-card';
import { useT } from '../lib/i18n';

function MyEvents({ user }: { user: User }) {
  const t = useT('app');
  const events = useOrganizerEvents(user.id);
  const [cancelling, setCancelling] = useState<OrganizerEvent | null>(null);

  return (
    <PageContainer>
      <PageHeader
        title={t('myEvents.title')}
        description={t('myEvents.description')}
        actions={
          <>
            <ButtonLink to="/events/public" variant="outline">
              {t('myEvents.viewPublic')}
            </ButtonLink>
            <ButtonLink to="/events/create">
              <Plus aria-hidden="true" />
              {t('myEvents.createNew')}
            </ButtonLink>
          </>
        }
      />
      <div className="mt-6">
        <ListStates
          query={events}
          loading={t('myEvents.loading')}
          failed={t('myEvents.failed')}
          empty={
            <EmptyState
              icon={CalendarPlus}
              title={t('myEvents.empty')}
              action={<ButtonLink to="/events/create">{t('myEvents.createFirst')}</ButtonLink>}
            >
              {t('myEvents.emptyText')}
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
        <LoadMore pages={events} things={t('myEvents.things')} />
      </div>
      <CallOffEventDialog event={cancelling} onClose={() => setCancelling(null)} />
    </PageContainer>
  );
}

/** /my-events: organizers only; others go home. */
export function MyEventsPage() {
  const t = useT('app');
  return (
    <RolePage title={t('myEvents.title')} roles={['organizer']} otherwise="home">
      {(user) => <MyEvents user={user} />}
    </RolePage>
  );
}
