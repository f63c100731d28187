import { formatEventInstant } from '@core/time';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { roleIdPage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { RecordLoadError } from '../components/load-more';
import { ButtonLink, buttonClass } from '../components/ui/button';
import { FundingBar } from '../components/ui/progress-bar';
import { Spinner } from '../components/ui/spinner';
import { StatusBadge } from '../components/ui/status-badge';
import { EVENT_STATUS_LABELS, isEditableEvent } from '../../core/event-status';
import { useLatestChange } from '../features/events/api/edit-event';
import { CallOffButton } from '../features/events/components/call-off-button';
import { EventChangeStatus } from '../features/events/components/event-change-status';
import { useEventOrders } from '../features/events/api/get-event-orders';
import { EventCoverForm } from '../features/events/components/event-cover-form';
import { PagedEventOrders } from '../features/events/components/paged-event-orders';
import { GuaranteeCard } from '../features/payments/components/guarantee-card';
import { PromoCodesCard } from '../features/funding/components/promo-codes-card';
import { SponsorsCard } from '../features/funding/components/sponsors-card';
import { apiPath } from '../lib/api-client';
import { describeEventTimes } from '../lib/event-time';
import { formatMoney } from '../lib/format-money';

function Total({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-4 shadow-card">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted">{hint}</dd>
    </div>
  );
}

/** The latest change of date, time or place, pending or answered: the organizer sees where it stands. */
function LatestChange({ eventId }: { eventId: number }) {
  const latest = useLatestChange(eventId);
  if (!latest.data?.change) return null;
  return (
    <div className="mt-4">
      <EventChangeStatus change={latest.data.change} />
    </div>
  );
}

/** An admin reads the same page (support looks an order up from the chat, decision 158) without its controls. */
function OrganizerEvent({ eventId, readOnly }: { eventId: number; readOnly: boolean }) {
  const view = useEventOrders(eventId);
  if (view.isPending) return <Spinner label="Loading the event…" />;
  if (view.isError)
    return (
      <RecordLoadError
        query={view}
        notFound="Event Not Found"
        back={
          <ButtonLink to="/my-events" variant="outline" className="mt-6">
            Back to My Events
          </ButtonLink>
        }
        failed="Failed to load the event. Please try again."
      />
    );
  const { event, totals, orders, nextCursor } = view.data;
  const { date, timeRange } = describeEventTimes(event);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to={readOnly ? '/admin/chat' : '/my-events'}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {readOnly ? 'Back to Support Chat' : 'Back to My Events'}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words">{event.title}</h1>
          <p className="text-muted">
            {date} · {timeRange} · {event.location}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={event.status === 'pending_approval' ? 'warning' : 'info'}>
            {EVENT_STATUS_LABELS[event.status]}
          </StatusBadge>
          {!readOnly && isEditableEvent(event.status, new Date(), new Date(event.endsAt)) && (
            <ButtonLink to={`/my-events/${event.id}/edit`} variant="outline" size="sm">
              Edit Event
            </ButtonLink>
          )}
          {!readOnly && <CallOffButton event={event} now={new Date()} />}
          {event.status === 'closed' && (
            <ButtonLink to={`/review?event=${event.id}`} variant="outline" size="sm">
              Rate the truck
            </ButtonLink>
          )}
        </div>
      </div>
      <LatestChange eventId={event.id} />
      {event.status === 'pending_approval' && (
        <Alert tone="info" title="Waiting for the food truck" className="mt-4">
          The truck has until{' '}
          {formatEventInstant(new Date(event.approvalExpiryDate ?? event.startsAt), event.timeZone)} to accept
          and set its minimum sales goal. Orders open once it does.
        </Alert>
      )}
      <GuaranteeCard
        eventId={event.id}
        goal={event.minimumSales}
        pending={!readOnly && event.status === 'pending_approval'}
      />
      {event.hidden && (
        <Alert tone="warning" title="Hidden by an administrator" className="mt-4">
          This event is not shown to the public and takes no new orders
          {event.hiddenReason ? `: “${event.hiddenReason}”` : ''}. Diners who already ordered keep their
          orders, pickup codes and refunds.
        </Alert>
      )}
      {!readOnly && (
        <div className="mt-6">
          <EventCoverForm eventId={event.id} coverImageUrl={event.coverImageUrl} />
        </div>
      )}
      {!readOnly && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <PromoCodesCard eventId={event.id} />
          <SponsorsCard eventId={event.id} />
        </div>
      )}
      <div className="mt-6">
        <FundingBar currentSales={event.currentSales} minimumSales={event.minimumSales} />
      </div>
      <dl className="mt-6 grid gap-3 sm:grid-cols-3">
        <Total label="Orders" value={String(totals.orderCount)} hint="held or paid" />
        <Total label="Food sales" value={formatMoney(totals.foodSales)} hint="at the truck’s prices" />
        <Total label="Markup raised" value={formatMoney(totals.markupRaised)} hint="for your cause" />
      </dl>
      <section aria-labelledby="orders-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="orders-heading" className="text-xl font-semibold">
            Orders
          </h2>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/events/public/${event.id}`} variant="outline" size="sm">
              Public page
            </ButtonLink>
            {orders.length > 0 && (
              <a
                href={apiPath('/api/events/{id}/orders.csv', { id: event.id })}
                download
                className={buttonClass('outline', 'sm')}
              >
                Export CSV
              </a>
            )}
          </div>
        </div>
        <div className="mt-3 rounded-card border border-line bg-white px-4 shadow-card">
          {orders.length === 0 ? (
            <p className="py-8 text-center text-muted">No orders yet. Share the event to get the first.</p>
          ) : (
            <PagedEventOrders eventId={event.id} orders={orders} nextCursor={nextCursor} />
          )}
        </div>
      </section>
    </div>
  );
}

/** /my-events/{id}: the organizer's own event with its orders, read-only for admins; others go home. */
export const OrganizerEventPage = roleIdPage(
  { title: 'Event Orders', roles: ['organizer', 'admin'], otherwise: 'home' },
  (eventId, user) => <OrganizerEvent eventId={eventId} readOnly={user.role === 'admin'} />,
);
