import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useRefundFailures, useSettleRefundFailure, type RefundFailure } from '../api/refund-failures';

const DONE = {
  retry: 'Asked the card provider once more',
  refunded_elsewhere: 'Recorded as refunded another way',
  close: 'Closed: no refund is owed',
} as const;

/**
 * Refunds the card provider refused every time (decision 213), for an admin to settle: one more try,
 * refunded another way (the payouts follow), or closed (nothing owed). Nothing shows when there are none.
 */
export function RefundFailuresPanel() {
  const failures = useRefundFailures();
  const settle = useSettleRefundFailure();
  const list = failures.data?.failures ?? [];
  if (list.length === 0) return null;
  const act = (f: RefundFailure, action: keyof typeof DONE) =>
    settle.mutate({ kind: f.kind, id: f.id, action }, { onSuccess: () => toast({ title: DONE[action] }) });
  return (
    <section aria-labelledby="refund-failures" className="mt-6 rounded-lg border border-red-200 p-4">
      <h2 id="refund-failures" className="text-lg font-semibold text-ink">
        Refunds the card provider refused ({list.length})
      </h2>
      <ul className="mt-3 divide-y">
        {list.map((f) => (
          <li key={`${f.kind}:${f.id}`} className="py-3 text-sm">
            <p className="font-semibold">
              ${f.amount} to {f.dinerName} ({f.dinerEmail}){f.pickupCode ? `, order ${f.pickupCode}` : ''}
            </p>
            <p>
              {f.eventTitle}, {f.truckName}
              {f.reason ? `: “${f.reason}”` : ''}
            </p>
            <p className="text-red-700">
              {f.failure} Tried {f.attempts} times.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={settle.isPending} onClick={() => act(f, 'retry')}>
                Try Again
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={settle.isPending}
                onClick={() => act(f, 'refunded_elsewhere')}
              >
                Refunded Another Way
              </Button>
              <Button size="sm" variant="outline" disabled={settle.isPending} onClick={() => act(f, 'close')}>
                Close, Nothing Owed
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
