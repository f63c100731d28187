import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { useT } from '@web/lib/i18n';
import { usePayoutAccount } from '../api/get-payout-account';

/**
 * Told where a truck answers requests: it may approve before its payout account is connected, but
 * its payouts wait until it is. Says nothing once payouts are on (or while it can't tell).
 */
export function PayoutsWaitingNotice({ className }: { className?: string }) {
  const t = useT('app');
  const account = usePayoutAccount();
  if (!account.data || account.data.status === 'enabled') return null;
  return (
    <Alert tone="warning" title={t('payouts.waitingTitle')} className={className}>
      {t(account.data.status === 'none' ? 'payouts.waitingConnect' : 'payouts.waitingSetUp')}{' '}
      <Link to="/payouts" className="font-semibold underline">
        {t('payouts.setUp')}
      </Link>
    </Alert>
  );
}
