import { Link } from 'react-router';
import { formatMoney } from '@web/lib/format-money';
import type { PayoutStatement } from '../api/get-payouts';
import { PayoutStatus } from './payout-status-badge';
import { formatCalendarDate } from './payout-format';

const shareLabel = (party: PayoutStatement['party']) =>
  party === 'truck' ? 'Your food sales' : 'Your markup';

/** The sales tax and tips in a truck's share (decisions 188, 189): the tax is the truck's to remit. */
function TaxAndTips({ line }: { line: PayoutStatement['events'][number] }) {
  const parts = [
    line.salesTax !== '0.00' ? `${formatMoney(line.salesTax)} sales tax` : null,
    line.tips !== '0.00' ? `${formatMoney(line.tips)} tips` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="text-xs text-muted">Includes {parts.join(' and ')}</p>;
}

/** Per event: what diners paid, what went back, the platform's fee, the owner's share and its payout. */
export function PayoutsTable({ statement }: { statement: PayoutStatement }) {
  const { events, totals, party } = statement;
  return (
    <>
      {/* Phones: one card per event. */}
      <ul className="space-y-3 md:hidden" aria-label="Payouts by event">
        {events.map((line) => (
          <li key={line.eventId} className="rounded-card border border-line bg-white p-4 shadow-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={`/events/public/${line.eventId}`}
                  className="font-semibold break-words text-brand-700 hover:underline"
                >
                  {line.title}
                </Link>
                <p className="text-xs text-muted">{formatCalendarDate(line.date)}</p>
              </div>
              <p className="text-right text-lg font-bold">{formatMoney(line.share)}</p>
            </div>
            <TaxAndTips line={line} />
            <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-muted">Gross</dt>
                <dd className="font-medium">{formatMoney(line.gross)}</dd>
              </div>
              <div>
                <dt className="text-muted">Refunds</dt>
                <dd className="font-medium">{formatMoney(line.refunds)}</dd>
              </div>
              <div>
                <dt className="text-muted">Platform fee</dt>
                <dd className="font-medium">{formatMoney(line.platformFee)}</dd>
              </div>
            </dl>
            <div className="mt-3">
              <PayoutStatus line={line} />
            </div>
          </li>
        ))}
      </ul>

      {/* Wider screens: a table with totals. */}
      <div className="hidden overflow-x-auto rounded-card border border-line bg-white shadow-card md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Payouts by event</caption>
          <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Event
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Gross
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Refunds
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Platform fee
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                {shareLabel(party)}
              </th>
              <th scope="col" className="px-4 py-3">
                Payout
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {events.map((line) => (
              <tr key={line.eventId}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <Link
                    to={`/events/public/${line.eventId}`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {line.title}
                  </Link>
                  <p className="text-xs text-muted">{formatCalendarDate(line.date)}</p>
                  <TaxAndTips line={line} />
                </th>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(line.gross)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(line.refunds)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{formatMoney(line.platformFee)}</td>
                <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatMoney(line.share)}</td>
                <td className="px-4 py-3">
                  <PayoutStatus line={line} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-line font-semibold">
            <tr>
              <th scope="row" className="px-4 py-3 text-left">
                Total
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.gross)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.refunds)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.platformFee)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(totals.share)}</td>
              <td className="px-4 py-3" />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
