import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { useRefundFailures, useSettleRefundFailure, type RefundFailure } from '../api/refund-failures';

/** The toast once an action is done (its key in `app`). */
const DONE = {
  retry: 'admin.refunds.retried',
  refunded_elsewhere: 'admin.refunds.recorded',
  close: 'admin.refunds.closed',
} as const;

/**
 * Refunds the card provider refused every time (decision 213), for an admin to settle: one more try,
 * refunded another way (the payouts follow), or closed (nothing owed). Nothing shows when there are none.
 */
export function RefundFailuresPanel() {
  const t = useT('app');
  const failures = useRefundFailures();
  const settle = useSettleRefundFailure();
  const list = failures.data?.failures ?? [];
  if (list.length === 0) return null;
  const act = (f: RefundFailure, action: keyof typeof DONE) =>
    settle.mutate({ kind: f.kind, id: f.id, action }, { onSuccess: () => toast({ title: t(DONE[action]) }) });
  return (
    <section aria-labelledby="refund-failures" className="mt-6 rounded-lg border border-red-200 p-4">
      <h2 id="refund-failures" className="text-lg font-semibold text-ink">
        {t('admin.refunds.title', { count: list.length })}
      </h2>
      <ul className="mt-3 divide-y">
        {list.map((f) => (
          <li key={`${f.kind}:${f.id}`} className="py-3 text-sm">
            <p className="font-semibold">
              {t('admin.refunds.line', {
                amount: formatMoney(f.amount, f.currency),
                name: f.dinerName,
                email: f.dinerEmail,
              })}
              {f.pickupCode ? t('admin.refunds.order', { code: f.pickupCode }) : ''}
            </p>
            <p>
              {f.eventTitle}, {f.truckName}
              {f.reason ? `: “${f.reason}”` : ''}
            </p>
            <p className="text-red-700">
              {f.failure} {t('admin.refunds.tried', { count: f.attempts })}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={settle.isPending} onClick={() => act(f, 'retry')}>
                {t('admin.refunds.tryAgain')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={settle.isPending}
                onClick={() => act(f, 'refunded_elsewhere')}
              >
                {t('admin.refunds.elsewhere')}
              </Button>
              <Button size="sm" variant="outline" disabled={settle.isPending} onClick={() => act(f, 'close')}>
                {t('admin.refunds.close')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
