import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { rolePage } from '../app/session-gate';
import { buttonClass } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { PAYOUTS_CSV_URL, usePayouts } from '../features/payouts/api/get-payouts';
import { useRefreshPayoutAccount } from '../features/payouts/api/refresh-payout-account';
import { PayoutAccountCard } from '../features/payouts/components/payout-account-card';
import { PayoutStatementView } from '../features/payouts/components/payout-statement';
import { useT, type Translate } from '../lib/i18n';

function describeDelay(t: Translate, hours: number): string {
  if (hours % 24 === 0 && hours > 0) return t('payouts.days', { count: hours / 24 });
  return t('payouts.hours', { count: hours });
}

/** Back from onboarding (`?onboarding=return`): the account is read once, and the address cleaned. */
function useOnboardingReturn() {
  const t = useT('app');
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
          toast({ title: t('payouts.success'), description: t('payouts.connected') });
      },
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [returning, refresh, setParams, t]);
}

function Payouts({ party }: { party: 'truck' | 'organizer' }) {
  const t = useT('app');
  const payouts = usePayouts();
  useOnboardingReturn();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{t('payouts.title')}</h1>
          <p className="mt-1 text-muted">
            {party === 'truck' ? t('payouts.introTruck') : t('payouts.introOrganizer')}{' '}
            {payouts.data && t('payouts.delay', { delay: describeDelay(t, payouts.data.payoutDelayHours) })}
          </p>
        </div>
        {payouts.data && payouts.data.events.length > 0 && (
          <a href={PAYOUTS_CSV_URL} download className={buttonClass('outline', 'md', 'shrink-0')}>
            {t('payouts.downloadCsv')}
          </a>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          <PayoutStatementView />
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
  { titleKey: 'tabTitles.money', roles: ['foodtruck', 'organizer'], otherwise: 'home' },
  (user) => <Payouts party={user.role === 'foodtruck' ? 'truck' : 'organizer'} />,
);
