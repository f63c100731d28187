import { Wallet } from 'lucide-react';
import { LoadError, LoadMore } from '@web/components/load-more';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { usePayouts, type PayoutTotals } from '../api/get-payouts';
import { PayoutsTable } from './payouts-table';

/**
 * Over every event, whatever pages are loaded: the share, what was paid out, what is still to come; one
 * figure per currency in each tile, never added across currencies (decision 230).
 */
function Totals({ totals }: { totals: PayoutTotals }) {
  const t = useT('app');
  const inEach = (key: 'share' | 'paid' | 'upcoming') =>
    totals.length === 0
      ? formatMoney('0.00')
      : totals.map((total) => formatMoney(total[key], total.currency)).join(' · ');
  const tiles = [
    { label: t('payouts.yourShare'), value: inEach('share') },
    { label: t('payouts.paidOut'), value: inEach('paid') },
    { label: t('payouts.stillToCome'), value: inEach('upcoming') },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-card border border-line bg-white p-3 shadow-card sm:p-4">
          <dt className="text-xs text-muted sm:text-sm">{tile.label}</dt>
          <dd className="mt-1 text-base font-bold tabular-nums sm:text-2xl">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The money page's statement: the totals, the latest events' lines, and "Load more events" for older
 * ones, a page at a time (docs/decisions/219-the-payout-statement-a-page-at-a-time.md).
 */
export function PayoutStatementView() {
  const t = useT('app');
  const payouts = usePayouts();
  if (payouts.isPending) return <Spinner label={t('payouts.loading')} />;
  // A later page that failed leaves the pages already loaded on screen, and says so under them.
  const statement = payouts.data;
  if (!statement) return <LoadError title={t('payouts.failed')} query={payouts} />;
  if (statement.events.length === 0)
    return (
      <EmptyState icon={Wallet} title={t('payouts.emptyTitle')}>
        {t('payouts.emptyText')}
      </EmptyState>
    );
  return (
    <>
      {statement.totals && <Totals totals={statement.totals} />}
      <PayoutsTable party={statement.party} events={statement.events} />
      <LoadMore pages={payouts} things={t('payouts.things')} />
    </>
  );
}
