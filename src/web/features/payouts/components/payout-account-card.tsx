import { Alert } from '@web/components/ui/alert';
import { LoadError } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useT } from '@web/lib/i18n';
import { usePayoutAccount } from '../api/get-payout-account';
import { useStartOnboarding } from '../api/start-onboarding';
import { describeRequirements } from './payout-format';

/**
 * Where the owner connects their payout account, and sees whether they can be paid. `linkExpired`:
 * the provider sent them back because their setup link had expired or been used; the button makes a
 * new one (a POST: arriving here changes nothing).
 */
export function PayoutAccountCard({ linkExpired = false }: { linkExpired?: boolean }) {
  const t = useT('app');
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  // The browser is leaving for the onboarding page: keep the button busy until it has gone.
  const leaving = start.isPending || start.isSuccess;

  return (
    <TitledCard title={t('payouts.account.title')} contentClassName="space-y-3 text-sm">
      {account.isPending ? (
        <Spinner label={t('payouts.account.loading')} className="p-2" />
      ) : account.isError ? (
        <LoadError title={t('payouts.account.failed')} query={account} />
      ) : account.data.status === 'enabled' ? (
        <Alert tone="success" title={t('payouts.account.onTitle')}>
          {t('payouts.account.onText')}
        </Alert>
      ) : (
        <>
          {account.data.status === 'none' ? (
            <Alert tone="warning" title={t('payouts.account.connectTitle')}>
              {t('payouts.account.connectText')}
            </Alert>
          ) : (
            <Alert tone="warning" title={t('payouts.account.finishTitle')}>
              {account.data.requirementsDue.length > 0
                ? t('payouts.account.stillNeeded', {
                    needed: describeRequirements(t, account.data.requirementsDue).join(', '),
                  })
                : t('payouts.account.beingChecked')}
            </Alert>
          )}
          {linkExpired && (
            <Alert tone="info" title={t('payouts.account.expiredTitle')}>
              {t('payouts.account.expiredText')}
            </Alert>
          )}
          <p className="text-muted">
            {account.data.provider === 'stripe'
              ? t('payouts.account.stripe')
              : t('payouts.account.simulated')}
          </p>
          <Button onClick={() => start.mutate()} disabled={leaving}>
            {leaving
              ? t('payouts.account.opening')
              : account.data.status === 'none'
                ? t('payouts.setUp')
                : t('payouts.account.continue')}
          </Button>
          {start.isError && (
            <Alert tone="error">{errorMessage(start.error, t('payouts.account.startFailed'))}</Alert>
          )}
        </>
      )}
    </TitledCard>
  );
}
