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
import { useT } from '../lib/i18n';

function parseEventId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function EventNotFound() {
  const t = useT('app');
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('organizerEvent.notFound')}</h1>
      <p className="mt-2 text-muted">{t('approvals.page.gone')}</p>
      <ButtonLink to="/profile" variant="outline" className="mt-6">
        {t('approvals.backToProfile')}
      </ButtonLink>
    </div>
  );
}

function ApproveEvent({ eventId }: { eventId: number }) {
  const t = useT('app');
  const event = useEvent(eventId);
  if (event.isPending) return <Spinner label={t('organizerEvent.loading')} />;
  if (event.isError) {
    if (event.error instanceof ApiError && event.error.status === 404) return <EventNotFound />;
    return <LoadError page title={t('approvals.page.failed')} query={event} />;
  }
  const truck = event.data.foodTruck;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t('approvals.page.eyebrow')}
      </p>
      <h1 className="mt-1 text-3xl font-bold break-words">{event.data.title}</h1>
      <p className="mt-1 text-muted">
        {t('approvals.page.for', { truck: truck.businessName || truck.username })}
      </p>
      <section
        aria-label={t('approvals.page.summary')}
        className="mt-6 rounded-card border border-line bg-white p-5 shadow-card"
      >
        <EventRequestSummary event={event.data} />
        <GuaranteeNotice eventId={event.data.id} className="mt-4" />
      </section>
      {event.data.status === 'pending_approval' && <PayoutsWaitingNotice className="mt-6" />}
      <section
        aria-label={t('approvals.page.answer')}
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
  const t = useT('app');
  const eventId = parseEventId(useParams().id);
  return (
    <>
      <title>{t('approvals.page.tabTitle')}</title>
      <RequireSession>
        {() => (eventId === null ? <EventNotFound /> : <ApproveEvent eventId={eventId} />)}
      </RequireSession>
    </>
  );
}
