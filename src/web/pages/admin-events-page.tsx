import { PageHeader } from '../components/ui/page-header';
import { useId, useState, type FormEvent } from 'react';
import { RequireRole } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { useAdminEvents, type AdminEvent } from '../features/admin/api/get-admin-events';
import { useSetEventHidden } from '../features/admin/api/set-event-hidden';
import { AdminEventRow } from '../features/admin/components/admin-event-row';

function AdminEvents() {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [hiding, setHiding] = useState<AdminEvent | null>(null);
  const events = useAdminEvents(page, query);
  const setHidden = useSetEventHidden();
  const searchId = useId();

  function apply(event: AdminEvent, hidden: boolean) {
    setHidden.mutate(
      { eventId: event.id, hidden },
      {
        onSuccess: () =>
          toast({
            title: 'Success',
            description: hidden
              ? `“${event.title}” is hidden from the public.`
              : `“${event.title}” is public again.`,
          }),
        onSettled: () => setHiding(null),
      },
    );
  }

  function onSearch(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setQuery(draft.trim());
  }

  const lastPage = events.data ? Math.max(1, Math.ceil(events.data.total / events.data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeader
        title="Manage Events"
        description="Hide an event to take it off every public list and page; its organizer and truck still see it."
      />
      <form role="search" onSubmit={onSearch} className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-ink">
            Search events
          </label>
          <Input
            id={searchId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Title, place, truck or organizer"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      <div className="mt-4 rounded-card border border-line bg-white px-4 shadow-card">
        {events.isPending ? (
          <Spinner label="Loading events…" />
        ) : events.isError ? (
          <Alert tone="error" title="Failed to load events. Please try again." className="my-4">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void events.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : events.data.events.length === 0 ? (
          <p className="py-8 text-center text-muted">No events found.</p>
        ) : (
          <ul aria-label="Events">
            {events.data.events.map((event) => (
              <AdminEventRow
                key={event.id}
                event={event}
                pending={setHidden.isPending && setHidden.variables?.eventId === event.id}
                onToggle={(e) => (e.hidden ? apply(e, false) : setHiding(e))}
              />
            ))}
          </ul>
        )}
      </div>
      {events.data && events.data.total > events.data.pageSize && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {lastPage}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= lastPage}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </nav>
      )}
      <ConfirmDialog
        open={hiding !== null}
        onOpenChange={(open) => !open && setHiding(null)}
        title="Hide this event?"
        description={
          hiding
            ? `“${hiding.title}” disappears from every public list and its page answers “not found” to everyone but its organizer, its truck and admins. No order or payment changes.`
            : ''
        }
        confirmLabel={setHidden.isPending ? 'Hiding...' : 'Hide Event'}
        onConfirm={() => hiding && apply(hiding, true)}
        destructive
        pending={setHidden.isPending}
      />
    </div>
  );
}

/** /admin/events: admins only; others get the 404 page, as /admin/chat. */
export function AdminEventsPage() {
  return (
    <>
      <title>Manage Events · Food Truck Fund</title>
      <RequireRole roles={['admin']} otherwise="not-found">
        {() => <AdminEvents />}
      </RequireRole>
    </>
  );
}
