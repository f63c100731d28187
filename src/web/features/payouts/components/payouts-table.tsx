import { Link } from 'react-router';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import type { PayoutLine, PayoutStatement } from '../api/get-payouts';
import { PayoutStatus } from './payout-status-badge';
import { formatCalendarDate } from './payout-format';

const shareKey = (party: PayoutStatement['party']) =>
  party === 'truck' ? 'payouts.foodSales' : 'payouts.markup';

/** The amounts shown beside each event's share, in the phone's cards and the table's columns alike. */
const AMOUNTS = [
  { key: 'gross', label: 'payouts.gross' },
  { key: 'refunds', label: 'payouts.refunds' },
  { key: 'platformFee', label: 'payouts.platformFee' },
] as const;

/** A decimal amount of nothing ("0.00", "0" in a currency without cents). */
const isZero = (amount: string) => Number(amount) === 0;

/** The sales tax and tips in a truck's share (decisions 188, 189): the tax is the truck's to remit. */
function TaxAndTips({ line }: { line: PayoutLine }) {
  const t = useT('app');
  const tax = isZero(line.salesTax) ? null : formatMoney(line.salesTax, line.currency);
  const tips = isZero(line.tips) ? null : formatMoney(line.tips, line.currency);
  if (!tax && !tips) return null;
  return (
    <p className="text-xs text-muted">
      {tax && tips
        ? t('payouts.includesBoth', { tax, tips })
        : tax
          ? t('payouts.includesTax', { tax })
          : t('payouts.includesTips', { tips })}
    </p>
  );
}

/** The organizer's guarantee (decision 225): in the truck's share, paid by the organizer. */
function Guarantee({ line, party }: { line: PayoutLine; party: PayoutStatement['party'] }) {
  const t = useT('app');
  if (!line.guarantee || isZero(line.guarantee)) return null;
  const amount = formatMoney(line.guarantee, line.currency);
  return (
    <p className="text-xs text-muted">
      {t(party === 'truck' ? 'guarantee.payoutTruck' : 'guarantee.payoutOrganizer', { amount })}
    </p>
  );
}

/** The event a line is about, linked to its page, and its date. */
function EventTitle({ line }: { line: PayoutLine }) {
  return (
    <>
      <Link
        to={`/events/public/${line.eventId}`}
        className="font-semibold break-words text-brand-700 hover:underline"
      >
        {line.title}
      </Link>
      <p className="text-xs text-muted">{formatCalendarDate(line.date)}</p>
    </>
  );
}

function AmountCells({ line }: { line: PayoutLine }) {
  return AMOUNTS.map(({ key }) => (
    <td key={key} className="px-4 py-3 text-right tabular-nums">
      {formatMoney(line[key], line.currency)}
    </td>
  ));
}

/**
 * Per event: what diners paid, what went back, the platform's fee, the owner's share and its payout;
 * the events loaded so far (the totals over all of them are the tiles above; the CSV totals its rows).
 */
export function PayoutsTable({ party, events }: { party: PayoutStatement['party']; events: PayoutLine[] }) {
  const t = useT('app');
  return (
    <>
      {/* Phones: one card per event. */}
      <ul className="space-y-3 md:hidden" aria-label={t('payouts.byEvent')}>
        {events.map((line) => (
          <li key={line.eventId} className="rounded-card border border-line bg-white p-4 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <EventTitle line={line} />
              </div>
              <p className="text-right text-lg font-bold">{formatMoney(line.share, line.currency)}</p>
            </div>
            <TaxAndTips line={line} />
            <Guarantee line={line} party={party} />
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              {AMOUNTS.map(({ key, label }) => (
                <div key={key}>
                  <dt className="text-muted">{t(label)}</dt>
                  <dd className="font-medium">{formatMoney(line[key], line.currency)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3">
              <PayoutStatus line={line} />
            </div>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table. */}
      <div className="hidden overflow-x-auto rounded-card border border-line bg-white shadow-card md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('payouts.byEvent')}</caption>
          <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('payouts.event')}
              </th>
              {AMOUNTS.map(({ key, label }) => (
                <th key={key} scope="col" className="px-4 py-3 text-right">
                  {t(label)}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 text-right">
                {t(shareKey(party))}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('payouts.payout')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {events.map((line) => (
              <tr key={line.eventId}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <EventTitle line={line} />
                  <TaxAndTips line={line} />
                  <Guarantee line={line} party={party} />
                </th>
                <AmountCells line={line} />
                <td className="px-4 py-3 text-right font-semibold tabular-nums">
                  {formatMoney(line.share, line.currency)}
                </td>
                <td className="px-4 py-3">
                  <PayoutStatus line={line} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
