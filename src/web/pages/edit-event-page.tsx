import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { isEditableEvent, acceptsScheduleChange } from '../../core/event-status';
import { RoleIdPage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useEventForEdit, useLatestChange } from '../features/events/api/edit-event';
import { ChangeEventForm } from '../features/events/components/change-event-form';
import { EditEventDetailsForm } from '../features/events/components/edit-event-details-form';
import { EventChangeStatus } from '../features/events/components/event-change-status';
import { EventCoverForm } from '../features/events/components/event-cover-form';
import { ApiError } from '../lib/api-client';
import { useT } from '../lib/i18n';

const panel = 'rounded-card border border-line bg-white p-4 shadow-card sm:p-6';

function EditEvent({ eventId }: { eventId: number }) {
  const t = useT('app');
  const event = useEventForEdit(eventId);
  const change = useLatestChange(eventId);
  if (event.isPending || change.isPending) return <Spinner label={t('organizerEvent.loading')} />;
  if (event.isError || change.isError) {
    const error = event.error ?? change.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return (
        <div className="mx-auto max-w-lg px-4 py-16 text-center">
          <h1 className="text-2xl font-semibold">{t('organizerEvent.notFound')}</h1>
          <p className="mt-2 text-muted">{error.message}</p>
          <ButtonLink to="/my-events" variant="outline" className="mt-6">
            {t('organizerEvent.backToMyEvents')}
          </ButtonLink>
        </div>
      );
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Alert tone="error" title={t('organizerEvent.failed')}>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void Promise.all([event.refetch(), change.refetch()])}
          >
            {t('events.retry')}
          </Button>
        </Alert>
      </div>
    );
  }
  const data = event.data;
  const now = new Date();
  const editable = isEditableEvent(data.status, now, new Date(data.endsAt));
  const movable = acceptsScheduleChange(data.status, now, new Date(data.startsAt));
  const latest = change.data.change;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to={`/my-events/${eventId}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('editEvent.back')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold break-words">{t('organizerEvent.edit')}</h1>
      {!editable ? (
        <Alert tone="info" title={t('editEvent.over')} className="mt-4" />
      ) : (
        <div className="mt-6 space-y-6">
          <section className={panel}>
            <EditEventDetailsForm event={data} />
          </section>
          <EventCoverForm eventId={data.id} coverImageUrl={data.coverImageUrl} />
          <section className={`${panel} space-y-4`}>
            <EventChangeStatus change={latest} />
            {movable ? (
              <ChangeEventForm event={data} pending={latest?.status === 'pending' ? latest : null} />
            ) : (
              <p className="text-sm text-muted">
                {data.status === 'pending_approval'
                  ? t('editEvent.notYetMovable')
                  : t('editEvent.noLongerMovable')}
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** /my-events/{id}/edit: the organizer edits their event's details and asks the truck for a new date or place. */
export function EditEventPage() {
  const t = useT('app');
  return (
    <RoleIdPage title={t('organizerEvent.edit')} roles={['organizer']} otherwise="home">
      {(eventId) => <EditEvent eventId={eventId} />}
    </RoleIdPage>
  );
}
