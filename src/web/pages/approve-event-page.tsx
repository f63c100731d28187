import { useParams } from 'react-router';
import { RequireSession } from '../app/session-gate';
import { LoadError } from '../components/load-more';
import { ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useEvent } from '../features/approvals/api/get-event';
import { ApprovalForm } from '../features/approvals/components/approval-form';
import { EventRequestSummary } from '../features/approvals/components/event-request-summary';
import { GuaranteeNotice } from '../features/payments/components/guarantee-notice';
import { PayoutsWaitingNotice } from '../features/payouts/components/payouts-waiting-notice';
import { ApiError } from '../lib/api-client';

function parseEventId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function EventNotFound() {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Event Not Found</h1>
      <p className="mt-2 text-muted">This event may have expired or been removed.</p>
      <ButtonLink to="/profile" variant="outline" className="mt-6">
        Back to my profile
      </ButtonLink>
    </div>
  );
}

function ApproveEvent({ eventId }: { eventId: number }) {
  const event = useEvent(eventId);
  if (event.isPending) return <Spinner label="Loading the event…" />;
  if (event.isError) {
    if (event.error instanceof ApiError && event.error.status === 404) return <EventNotFound />;
    return <LoadError page title="Event not found or an error occurred." query={event} />;
  }
  const truck = event.data.foodTruck;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Event request</p>
      <h1 className="mt-1 text-3xl font-bold break-words">{event.data.title}</h1>
      <p className="mt-1 text-muted">For {truck.businessName || truck.username}</p>
      <section
        aria-label="Event summary"
        className="mt-6 rounded-card border border-line bg-white p-5 shadow-card"
      >
        <EventRequestSummary event={event.data} />
        <GuaranteeNotice eventId={event.data.id} className="mt-4" />
      </section>
      {event.data.status === 'pending_approval' && <PayoutsWaitingNotice className="mt-6" />}
      <section
        aria-label="Your answer"
        className="mt-6 rounded-card border border-line bg-white p-5 shadow-card"
      >
        <ApprovalForm event={event.data} />
      </section>
    </div>
  );
}

/**
 * /events/{id}/approve: no client-side role gate; the server answers 403 to anyone
 * but the addressed truck.
 */
export function ApproveEventPage() {
  const eventId = parseEventId(useParams().id);
  return (
    <>
      <title>Event Request · Food Truck Fund</title>
      <RequireSession>
        {() => (eventId === null ? <EventNotFound /> : <ApproveEvent eventId={eventId} />)}
      </RequireSession>
    </>
  );
}
