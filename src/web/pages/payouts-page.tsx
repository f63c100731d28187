import { EmptyState } from '../components/ui/empty-state';
import { Wallet } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { rolePage } from '../app/session-gate';
import { LoadError } from '../components/load-more';
import { buttonClass } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { PAYOUTS_CSV_URL, usePayouts, type PayoutStatement } from '../features/payouts/api/get-payouts';
import { useRefreshPayoutAccount } from '../features/payouts/api/refresh-payout-account';
import { PayoutAccountCard } from '../features/payouts/components/payout-account-card';
import { PayoutsTable } from '../features/payouts/components/payouts-table';
import { formatMoney } from '../lib/format-money';

function Totals({ statement }: { statement: PayoutStatement }) {
  const tiles = [
    { label: 'Your share', value: statement.totals.share },
    { label: 'Paid out', value: statement.totals.paid },
    { label: 'Still to come', value: statement.totals.upcoming },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-card border border-line bg-white p-3 shadow-card sm:p-4">
          <dt className="text-xs text-muted sm:text-sm">{t.label}</dt>
          <dd className="mt-1 text-base font-bold tabular-nums sm:text-2xl">{formatMoney(t.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function describeDelay(hours: number): string {
  if (hours % 24 === 0 && hours > 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Back from onboarding (`?onboarding=return`): the account is read once, and the address cleaned. */
function useOnboardingReturn() {
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshPayoutAccount();
  const done = useRef(false);
  const returning = params.get('onboarding') === 'return';
  useEffect(() => {
    if (!returning || done.current) return;
    done.current = true;
    refresh.mutate(undefined, {
      onSuccess: (account) => {
        if (account.status === 'enabled')
          toast({ title: 'Success', description: 'Your payout account is connected.' });
      },
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [returning, refresh, setParams]);
}

function Payouts({ party }: { party: 'truck' | 'organizer' }) {
  const payouts = usePayouts();
  useOnboardingReturn();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Money</h1>
          <p className="mt-1 text-muted">
            {party === 'truck'
              ? 'Your food sales at your menu prices, paid after each event.'
              : 'Your markup on each event, paid after the event.'}{' '}
            {payouts.data && (
              <>
                Payouts go out {describeDelay(payouts.data.payoutDelayHours)} after an event ends, once its
                card payments have settled.
              </>
            )}
          </p>
        </div>
        {payouts.data && payouts.data.events.length > 0 && (
          <a href={PAYOUTS_CSV_URL} download className={buttonClass('outline', 'md', 'shrink-0')}>
            Download CSV
          </a>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          {payouts.isPending ? (
            <Spinner label="Loading your payouts…" />
          ) : payouts.isError ? (
            <LoadError title="Failed to load your payouts. Please try again." query={payouts} />
          ) : payouts.data.events.length === 0 ? (
            <EmptyState icon={Wallet} title="No events with sales yet.">
              Once diners pre-order at your events, what you earn shows up here.
            </EmptyState>
          ) : (
            <>
              <Totals statement={payouts.data} />
              <PayoutsTable statement={payouts.data} />
            </>
          )}
        </div>
        {/* First on a phone, where connecting matters most; beside the statement on a wide screen. */}
        <div className="order-first lg:order-none lg:col-start-2 lg:row-start-1">
          <PayoutAccountCard linkExpired={params.get('onboarding') === 'refresh'} />
        </div>
      </div>
    </div>
  );
}

/** /payouts: the money page of trucks and organizers; others go home. */
export const PayoutsPage = rolePage(
  { title: 'Money', roles: ['foodtruck', 'organizer'], otherwise: 'home' },
  (user) => <Payouts party={user.role === 'foodtruck' ? 'truck' : 'organizer'} />,
);
