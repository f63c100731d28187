import { useState } from 'react';
import { hasReachedGoal } from '../../core/event-status';
import { RequireRole } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { FormField } from '../components/ui/form-field';
import { Textarea } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import type { User } from '../features/auth/api/get-user';
import { useCancelEvent } from '../features/events/api/cancel-event';
import { useOrganizerEvents, type OrganizerEvent } from '../features/events/api/get-organizer-events';
import { OrganizerEventCard } from '../features/events/components/organizer-event-card';
import { errorMessage } from '../lib/api-client';

function MyEvents({ user }: { user: User }) {
  const events = useOrganizerEvents(user.id);
  const cancel = useCancelEvent(user.id);
  const [cancelling, setCancelling] = useState<OrganizerEvent | null>(null);
  const [reason, setReason] = useState('');

  function confirmCancel() {
    if (!cancelling) return;
    cancel.mutate(
      { eventId: cancelling.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Event cancelled.' }),
        onError: (error) => {
          console.warn('Event cancel failed', error);
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to cancel event'),
            variant: 'destructive',
          });
        },
        onSettled: () => {
          setCancelling(null);
          setReason('');
        },
      },
    );
  }

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
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this event?"
        description={
          cancelling
            ? `“${cancelling.title}” will be called off. Card holds are released, ${
                hasReachedGoal(cancelling.status) ? 'every charge is refunded in full, ' : ''
              }and anyone who pre-ordered and the food truck are told by e-mail.`
            : ''
        }
        confirmLabel={cancel.isPending ? 'Cancelling...' : 'Cancel Event'}
        onConfirm={confirmCancel}
        destructive
        pending={cancel.isPending}
      >
        <FormField label="Reason (optional, shared with diners and the truck)" className="mt-4">
          <Textarea value={reason} maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
        </FormField>
      </ConfirmDialog>
    </div>
  );
}

/** /my-events: organizers only; others go home (design.md section 9). */
export function MyEventsPage() {
  return (
    <RequireRole roles={['organizer']} otherwise="home">
      {(user) => <MyEvents user={user} />}
    </RequireRole>
  );
}
