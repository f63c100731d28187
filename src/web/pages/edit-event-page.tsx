import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { isEditableEvent, acceptsScheduleChange } from '../../core/event-status';
import { roleIdPage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useEventForEdit, useLatestChange } from '../features/events/api/edit-event';
import { ChangeEventForm } from '../features/events/components/change-event-form';
import { EditEventDetailsForm } from '../features/events/components/edit-event-details-form';
import { EventChangeStatus } from '../features/events/components/event-change-status';
import { EventCoverForm } from '../features/events/components/event-cover-form';
import { ApiError } from '../lib/api-client';

const panel = 'rounded-card border border-line bg-white p-4 shadow-card sm:p-6';

function EditEvent({ eventId }: { eventId: number }) {
  const event = useEventForEdit(eventId);
  const change = useLatestChange(eventId);
  if (event.isPending || change.isPending) return <Spinner label="Loading the event…" />;
  if (event.isError || change.isError) {
    const error = event.error ?? change.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 403))
      return (
        <div className="mx-auto max-w-lg px-4 py-16 text-center">
          <h1 className="text-2xl font-semibold">Event Not Found</h1>
          <p className="mt-2 text-muted">{error.message}</p>
          <ButtonLink to="/my-events" variant="outline" className="mt-6">
            Back to My Events
          </ButtonLink>
        </div>
      );
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Alert tone="error" title="Failed to load the event. Please try again.">
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void Promise.all([event.refetch(), change.refetch()])}
          >
            Retry
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
        Back to the event
      </Link>
      <h1 className="mt-2 text-3xl font-bold break-words">Edit Event</h1>
      {!editable ? (
        <Alert tone="info" title="This event is over and can no longer be edited" className="mt-4" />
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
                  ? 'The date, time and place can be changed once the food truck has accepted the event.'
                  : 'The date, time and place can no longer be changed: the event has started or ended.'}
              </p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** /my-events/{id}/edit: the organizer edits their event's details and asks the truck for a new date or place. */
export const EditEventPage = roleIdPage(
  { title: 'Edit Event', roles: ['organizer'], otherwise: 'home' },
  (eventId) => <EditEvent eventId={eventId} />,
);
