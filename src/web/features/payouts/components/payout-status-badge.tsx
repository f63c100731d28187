import { cn } from '@web/lib/cn';
import type { PayoutLine } from '../api/get-payouts';
import { formatInstant } from './payout-format';

const STYLES: Record<PayoutLine['status'], string> = {
  pending: 'bg-stone-100 text-stone-700',
  scheduled: 'bg-sky-100 text-sky-800',
  paid: 'bg-emerald-100 text-emerald-800',
  blocked: 'bg-amber-100 text-amber-900',
};

const LABELS: Record<PayoutLine['status'], string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  paid: 'Paid',
  blocked: 'Blocked',
};

/** The payout's state and, under it, the one thing to know about it (when, or why not). */
export function PayoutStatus({ line }: { line: PayoutLine }) {
  const detail =
    line.status === 'paid' && line.paidAt
      ? `Paid ${formatInstant(line.paidAt)}`
      : line.status === 'scheduled' && line.scheduledFor
        ? `Pays ${formatInstant(line.scheduledFor)}`
        : line.status === 'pending'
          ? (line.reason ?? 'After the event closes')
          : line.reason;
  return (
    <div className="space-y-1">
      <span
        className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[line.status])}
      >
        {LABELS[line.status]}
      </span>
      {detail && <p className="text-xs text-muted">{detail}</p>}
    </div>
  );
}
