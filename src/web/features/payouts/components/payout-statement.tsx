import { Wallet } from 'lucide-react';
import { LoadError, LoadMore } from '@web/components/load-more';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/format-money';
import { usePayouts, type PayoutTotals } from '../api/get-payouts';
import { PayoutsTable } from './payouts-table';

/**
 * Over every event, whatever pages are loaded: the share, what was paid out, what is still to come; one
 * figure per currency in each tile, never added across currencies (decision 230).
 */
function Totals({ totals }: { totals: PayoutTotals }) {
  const inEach = (key: 'share' | 'paid' | 'upcoming') =>
    totals.length === 0
      ? formatMoney('0.00')
      : totals.map((t) => formatMoney(t[key], t.currency)).join(' · ');
  const tiles = [
    { label: 'Your share', value: inEach('share') },
    { label: 'Paid out', value: inEach('paid') },
    { label: 'Still to come', value: inEach('upcoming') },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-card border border-line bg-white p-3 shadow-card sm:p-4">
          <dt className="text-xs text-muted sm:text-sm">{t.label}</dt>
          <dd className="mt-1 text-base font-bold tabular-nums sm:text-2xl">{t.value}</dd>
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
  const payouts = usePayouts();
  if (payouts.isPending) return <Spinner label="Loading your payouts…" />;
  // A later page that failed leaves the pages already loaded on screen, and says so under them.
  const statement = payouts.data;
  if (!statement) return <LoadError title="Failed to load your payouts. Please try again." query={payouts} />;
  if (statement.events.length === 0)
    return (
      <EmptyState icon={Wallet} title="No events with sales yet.">
        Once diners pre-order at your events, what you earn shows up here.
      </EmptyState>
    );
  return (
    <>
      {statement.totals && <Totals totals={statement.totals} />}
      <PayoutsTable party={statement.party} events={statement.events} />
      <LoadMore pages={payouts} things="events" />
    </>
  );
}
