import { Alert } from '@web/components/ui/alert';
import { LoadError } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { TitledCard } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { usePayoutAccount } from '../api/get-payout-account';
import { useStartOnboarding } from '../api/start-onboarding';
import { describeRequirements } from './payout-format';

/**
 * Where the owner connects their payout account, and sees whether they can be paid. `linkExpired`:
 * the provider sent them back because their setup link had expired or been used; the button makes a
 * new one (a POST: arriving here changes nothing).
 */
export function PayoutAccountCard({ linkExpired = false }: { linkExpired?: boolean }) {
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  // The browser is leaving for the onboarding page: keep the button busy until it has gone.
  const leaving = start.isPending || start.isSuccess;

  return (
    <TitledCard title="Payout account" contentClassName="space-y-3 text-sm">
      {account.isPending ? (
        <Spinner label="Loading your payout account…" className="p-2" />
      ) : account.isError ? (
        <LoadError title="Failed to load your payout account." query={account} />
      ) : account.data.status === 'enabled' ? (
        <Alert tone="success" title="Payouts are on">
          Your share of each event is sent to your payout account after the event.
        </Alert>
      ) : (
        <>
          {account.data.status === 'none' ? (
            <Alert tone="warning" title="Connect a payout account to get paid">
              You can take part in events now, but your payouts wait until your account is connected.
            </Alert>
          ) : (
            <Alert tone="warning" title="Finish setting up payouts">
              {account.data.requirementsDue.length > 0 ? (
                <>
                  Still needed: {describeRequirements(account.data.requirementsDue).join(', ')}. Your payouts
                  wait until then.
                </>
              ) : (
                'Your details are being checked. Your payouts wait until then.'
              )}
            </Alert>
          )}
          {linkExpired && (
            <Alert tone="info" title="Your setup link has expired">
              Choose Continue setup to get a new one.
            </Alert>
          )}
          <p className="text-muted">
            {account.data.provider === 'stripe'
              ? 'You will set up your account on Stripe, our payment partner, and come back here.'
              : 'Test mode: payouts are simulated, and so is this setup.'}
          </p>
          <Button onClick={() => start.mutate()} disabled={leaving}>
            {leaving
              ? 'Opening setup…'
              : account.data.status === 'none'
                ? 'Set up payouts'
                : 'Continue setup'}
          </Button>
          {start.isError && (
            <Alert tone="error">
              {errorMessage(start.error, 'Could not start the setup. Please try again.')}
            </Alert>
          )}
        </>
      )}
    </TitledCard>
  );
}
