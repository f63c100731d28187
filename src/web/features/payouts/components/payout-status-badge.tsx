import { cn } from '@web/lib/cn';
import { useT } from '@web/lib/i18n';
import type { PayoutLine } from '../api/get-payouts';
import { formatInstant } from './payout-format';

const STYLES: Record<PayoutLine['status'], string> = {
  pending: 'bg-stone-100 text-stone-700',
  scheduled: 'bg-sky-100 text-sky-800',
  paid: 'bg-emerald-100 text-emerald-800',
  blocked: 'bg-amber-100 text-amber-900',
};

/** The payout's state and, under it, the one thing to know about it (when, or why not). */
export function PayoutStatus({ line }: { line: PayoutLine }) {
  const t = useT('app');
  const detail =
    line.status === 'paid' && line.paidAt
      ? t('payouts.paidOn', { when: formatInstant(line.paidAt) })
      : line.status === 'scheduled' && line.scheduledFor
        ? t('payouts.paysOn', { when: formatInstant(line.scheduledFor) })
        : line.status === 'pending'
          ? (line.reason ?? t('payouts.afterClose'))
          : line.reason;
  return (
    <div className="space-y-1">
      <span
        className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[line.status])}
      >
        {t(`payouts.status.${line.status}`)}
      </span>
      {detail && <p className="text-xs text-muted">{detail}</p>}
    </div>
  );
}
