import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../components/ui/alert';
import { LoadError } from '../components/load-more';
import { ButtonLink } from '../components/ui/button';
import { TitledCard } from '../components/ui/page-header';
import { EmptyState } from '../components/ui/empty-state';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { FundingBar } from '../components/ui/progress-bar';
import { Spinner } from '../components/ui/spinner';
import type { User } from '../features/auth/api/get-user';
import { useOrganizerDesk } from '../features/desk/api/get-organizer-desk';
import { DeskAttentionList } from '../features/desk/components/desk-attention-list';
import { describeEventTimes } from '../lib/event-time';
import { formatMoney } from '../lib/format-money';
import { useLanguage, useT } from '../lib/i18n';
import { intlLocale } from '../../core/language';

/** One figure per currency the events sell in, never added across currencies (decision 230): "$12.00 · CA$4.00". */
function perCurrency(
  money: ReadonlyArray<{ currency: string; markupRaised: string; foodSales: string }>,
  key: 'markupRaised' | 'foodSales',
): string {
  if (money.length === 0) return formatMoney('0.00');
  return money.map((m) => formatMoney(m[key], m.currency)).join(' · ');
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-4 shadow-card">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** The organizer's home: money raised, each event's progress, and what needs them (decision 154). */
export function OrganizerDashboardPage({ user }: { user: User }) {
  const t = useT('app');
  const numbers = new Intl.NumberFormat(intlLocale(useLanguage()));
  const count = (n: number) => numbers.format(n);
  const desk = useOrganizerDesk();
  return (
    <PageContainer className="space-y-8">
      <title>{t('organizerDashboard.tabTitle')}</title>
      <PageHeader
        eyebrow={t('organizerDashboard.eyebrow')}
        title={t('organizerDashboard.welcome', { username: user.username })}
        actions={
          <>
            <ButtonLink to="/my-events" variant="outline">
              {t('organizerDashboard.viewMyEvents')}
            </ButtonLink>
            <ButtonLink to="/events/create">{t('myEvents.createNew')}</ButtonLink>
          </>
        }
      />
      {!user.contactEmail && (
        <Alert tone="warning" title={t('organizerDashboard.addEmail')}>
          {t('organizerDashboard.addEmailText')}{' '}
          <Link to="/profile" className="font-semibold underline">
            {t('organizerDashboard.addEmailLink')}
          </Link>
          {t('organizerDashboard.addEmailEnd')}
        </Alert>
      )}
      {desk.isPending ? (
        <Spinner label={t('organizerDashboard.loading')} />
      ) : desk.isError ? (
        <LoadError title={t('organizerDashboard.failed')} query={desk} />
      ) : (
        <>
          <section aria-labelledby="desk-figures-title">
            <h2 id="desk-figures-title" className="sr-only">
              {t('organizerDashboard.figures')}
            </h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Figure
                label={t('organizerDashboard.raised')}
                value={perCurrency(desk.data.totals.money, 'markupRaised')}
              />
              <Figure
                label={t('organizerDashboard.foodSold')}
                value={perCurrency(desk.data.totals.money, 'foodSales')}
              />
              <Figure label={t('organizerDashboard.orders')} value={count(desk.data.totals.orderCount)} />
              <Figure
                label={t('organizerDashboard.eventsAhead')}
                value={count(desk.data.totals.upcomingCount)}
              />
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="desk-upcoming-title" className="space-y-4">
              <h2 id="desk-upcoming-title" className="text-lg font-semibold">
                {t('organizerDashboard.eventsAhead')}
              </h2>
              {desk.data.upcoming.length === 0 ? (
                <EmptyState
                  icon={CalendarPlus}
                  title={t('organizerDashboard.noneAhead')}
                  action={<ButtonLink to="/events/create">{t('myEvents.createNew')}</ButtonLink>}
                >
                  {t('myEvents.emptyText')}
                </EmptyState>
              ) : (
                <ul className="space-y-3">
                  {desk.data.upcoming.map(({ event, markupRaised, orderCount }) => {
                    const { date, timeRange } = describeEventTimes(event);
                    return (
                      <li key={event.id} className="rounded-card border border-line bg-white p-4 shadow-card">
                        <div className="flex flex-wrap items-baseline justify-between gap-2">
                          <Link
                            to={`/my-events/${event.id}`}
                            className="font-semibold break-words underline-offset-2 hover:underline"
                          >
                            {event.title}
                          </Link>
                          <span className="text-xs font-semibold text-muted">
                            {t(`events.status.${event.status}`)}
                          </span>
                        </div>
                        <p className="text-sm text-muted">
                          {date}, {timeRange}
                          {event.foodTruckName && <> · {event.foodTruckName}</>}
                        </p>
                        <div className="mt-2">
                          <FundingBar
                            currentSales={event.currentSales}
                            minimumSales={event.minimumSales}
                            currency={event.currency}
                          />
                        </div>
                        <p className="mt-2 text-sm">
                          <span className="font-semibold">{formatMoney(markupRaised, event.currency)}</span>{' '}
                          {t('organizerDashboard.raisedOrders', {
                            count: orderCount,
                            formatted: count(orderCount),
                          })}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            <TitledCard title={t('organizerDashboard.attention')}>
              <DeskAttentionList items={desk.data.attention} />
            </TitledCard>
          </div>
        </>
      )}
    </PageContainer>
  );
}
