import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { EVENT_STATUS_LABELS } from '../../core/event-status';
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
  const desk = useOrganizerDesk();
  return (
    <PageContainer className="space-y-8">
      <title>Dashboard · Food Truck Fund</title>
      <PageHeader
        eyebrow="Dashboard"
        title={`Welcome, ${user.username}!`}
        actions={
          <>
            <ButtonLink to="/my-events" variant="outline">
              View My Events
            </ButtonLink>
            <ButtonLink to="/events/create">Create New Event</ButtonLink>
          </>
        }
      />
      {!user.contactEmail && (
        <Alert tone="warning" title="Add an e-mail address">
          Goal, call-off and payout news reaches you only by mail.{' '}
          <Link to="/profile" className="font-semibold underline">
            Add one on your profile
          </Link>
          .
        </Alert>
      )}
      {desk.isPending ? (
        <Spinner label="Loading your dashboard…" />
      ) : desk.isError ? (
        <LoadError title="Failed to load your dashboard. Please try again." query={desk} />
      ) : (
        <>
          <section aria-labelledby="desk-figures-title">
            <h2 id="desk-figures-title" className="sr-only">
              Your figures
            </h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Figure
                label="Raised for your cause"
                value={perCurrency(desk.data.totals.money, 'markupRaised')}
              />
              <Figure label="Food sold" value={perCurrency(desk.data.totals.money, 'foodSales')} />
              <Figure label="Orders" value={String(desk.data.totals.orderCount)} />
              <Figure label="Events ahead" value={String(desk.data.totals.upcomingCount)} />
            </dl>
          </section>
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <section aria-labelledby="desk-upcoming-title" className="space-y-4">
              <h2 id="desk-upcoming-title" className="text-lg font-semibold">
                Events ahead
              </h2>
              {desk.data.upcoming.length === 0 ? (
                <EmptyState
                  icon={CalendarPlus}
                  title="No events ahead."
                  action={<ButtonLink to="/events/create">Create New Event</ButtonLink>}
                >
                  Pick a food truck, a date and a place; the truck has 24 hours to accept.
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
                            {EVENT_STATUS_LABELS[event.status]}
                          </span>
                        </div>
                        <p className="text-sm text-muted">
                          {date}, {timeRange}
                          {event.foodTruckName && <> · {event.foodTruckName}</>}
                        </p>
                        <div className="mt-2">
                          <FundingBar currentSales={event.currentSales} minimumSales={event.minimumSales} />
                        </div>
                        <p className="mt-2 text-sm">
                          <span className="font-semibold">{formatMoney(markupRaised, event.currency)}</span>{' '}
                          raised · {orderCount} {orderCount === 1 ? 'order' : 'orders'}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            <TitledCard title="Needs your attention">
              <DeskAttentionList items={desk.data.attention} />
            </TitledCard>
          </div>
        </>
      )}
    </PageContainer>
  );
}
