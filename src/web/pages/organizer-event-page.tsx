import { formatEventInstant } from '@core/time';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { RoleIdPage } from '../app/session-gate';
import { Alert } from '../components/ui/alert';
import { RecordLoadError } from '../components/load-more';
import { ButtonLink, buttonClass } from '../components/ui/button';
import { FundingBar } from '../components/ui/progress-bar';
import { Spinner } from '../components/ui/spinner';
import { StatusBadge } from '../components/ui/status-badge';
import { isEditableEvent } from '../../core/event-status';
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
import { useLanguage, useT } from '../lib/i18n';
import { intlLocale } from '../../core/language';

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
  const t = useT('app');
  const language = useLanguage();
  const view = useEventOrders(eventId);
  if (view.isPending) return <Spinner label={t('organizerEvent.loading')} />;
  if (view.isError)
    return (
      <RecordLoadError
        query={view}
        notFound={t('organizerEvent.notFound')}
        back={
          <ButtonLink to="/my-events" variant="outline" className="mt-6">
            {t('organizerEvent.backToMyEvents')}
          </ButtonLink>
        }
        failed={t('organizerEvent.failed')}
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
        {readOnly ? t('organizerEvent.backToChat') : t('organizerEvent.backToMyEvents')}
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
            {t(`events.status.${event.status}`)}
          </StatusBadge>
          {!readOnly && isEditableEvent(event.status, new Date(), new Date(event.endsAt)) && (
            <ButtonLink to={`/my-events/${event.id}/edit`} variant="outline" size="sm">
              {t('organizerEvent.edit')}
            </ButtonLink>
          )}
          {!readOnly && <CallOffButton event={event} now={new Date()} />}
          {event.status === 'closed' && (
            <ButtonLink to={`/review?event=${event.id}`} variant="outline" size="sm">
              {t('organizerEvent.rate')}
            </ButtonLink>
          )}
        </div>
      </div>
      <LatestChange eventId={event.id} />
      {event.status === 'pending_approval' && (
        <Alert tone="info" title={t('organizerEvent.waitingTitle')} className="mt-4">
          {t('organizerEvent.waiting', {
            by: formatEventInstant(new Date(event.approvalExpiryDate ?? event.startsAt), event.timeZone),
          })}
        </Alert>
      )}
      <GuaranteeCard
        eventId={event.id}
        goal={event.minimumSales}
        pending={!readOnly && event.status === 'pending_approval'}
      />
      {event.hidden && (
        <Alert tone="warning" title={t('organizerEvent.hiddenTitle')} className="mt-4">
          {event.hiddenReason
            ? t('organizerEvent.hiddenWithReason', { reason: event.hiddenReason })
            : t('organizerEvent.hidden')}
        </Alert>
      )}
      {!readOnly && (
        <div className="mt-6">
          <EventCoverForm eventId={event.id} coverImageUrl={event.coverImageUrl} />
        </div>
      )}
      {!readOnly && (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <PromoCodesCard eventId={event.id} currency={event.currency} />
          <SponsorsCard eventId={event.id} currency={event.currency} />
        </div>
      )}
      <div className="mt-6">
        <FundingBar
          currentSales={event.currentSales}
          minimumSales={event.minimumSales}
          currency={event.currency}
        />
      </div>
      <dl className="mt-6 grid gap-3 sm:grid-cols-3">
        <Total
          label={t('organizerEvent.orders')}
          value={new Intl.NumberFormat(intlLocale(language)).format(totals.orderCount)}
          hint={t('organizerEvent.ordersHint')}
        />
        <Total
          label={t('organizerEvent.foodSales')}
          value={formatMoney(totals.foodSales, event.currency)}
          hint={t('organizerEvent.foodSalesHint')}
        />
        <Total
          label={t('organizerEvent.markupRaised')}
          value={formatMoney(totals.markupRaised, event.currency)}
          hint={t('organizerEvent.markupRaisedHint')}
        />
      </dl>
      <section aria-labelledby="orders-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="orders-heading" className="text-xl font-semibold">
            {t('organizerEvent.orders')}
          </h2>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/events/public/${event.id}`} variant="outline" size="sm">
              {t('organizerEvent.publicPage')}
            </ButtonLink>
            {orders.length > 0 && (
              <a
                href={apiPath('/api/events/{id}/orders.csv', { id: event.id })}
                download
                className={buttonClass('outline', 'sm')}
              >
                {t('organizerEvent.exportCsv')}
              </a>
            )}
          </div>
        </div>
        <div className="mt-3 rounded-card border border-line bg-white px-4 shadow-card">
          {orders.length === 0 ? (
            <p className="py-8 text-center text-muted">{t('organizerEvent.noOrders')}</p>
          ) : (
            <PagedEventOrders eventId={event.id} orders={orders} nextCursor={nextCursor} />
          )}
        </div>
      </section>
    </div>
  );
}

/** /my-events/{id}: the organizer's own event with its orders, read-only for admins; others go home. */
export function OrganizerEventPage() {
  const t = useT('app');
  return (
    <RoleIdPage title={t('organizerEvent.tabTitle')} roles={['organizer', 'admin']} otherwise="home">
      {(eventId, user) => <OrganizerEvent eventId={eventId} readOnly={user.role === 'admin'} />}
    </RoleIdPage>
  );
}
