import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { usePayoutAccount } from '../api/get-payout-account';

/**
 * Told where a truck answers requests: it may approve before its payout account is connected, but
 * its payouts wait until it is. Says nothing once payouts are on (or while it can't tell).
 */
export function PayoutsWaitingNotice({ className }: { className?: string }) {
  const account = usePayoutAccount();
  if (!account.data || account.data.status === 'enabled') return null;
  return (
    <Alert tone="warning" title="Your payouts are waiting" className={className}>
      You can approve events now, but you will be paid only once your payout account is{' '}
      {account.data.status === 'none' ? 'connected' : 'set up'}.{' '}
      <Link to="/payouts" className="font-semibold underline">
        Set up payouts
      </Link>
    </Alert>
  );
}
