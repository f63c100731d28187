import { ShieldCheck } from 'lucide-react';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';
import { useEventGuarantee } from '../api/guarantee';

/**
 * What the truck reads when it decides, and on its bookings: the organizer guarantees its minimum
 * (decision 224). Nothing when there is no guarantee standing.
 */
export function GuaranteeNotice({ eventId, className }: { eventId: number; className?: string }) {
  const t = useT('app');
  const guarantee = useEventGuarantee(eventId);
  const data = guarantee.data;
  if (!data?.summary || !data.cap) return null;
  // The guarantee's amounts are in the event's currency, which its answer carries (decision 230).
  const money = (decimal: string) => formatMoney(decimal, data.currency);
  return (
    <p
      className={`flex items-start gap-2 rounded-card border border-green-200 bg-green-50 p-3 text-sm text-green-900 ${className ?? ''}`}
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{t('guarantee.label')}</strong>: {t('guarantee.summary', { cap: money(data.cap) })}
        {data.charged ? ` ${t('guarantee.paid', { amount: money(data.charged) })}` : ''}
      </span>
    </p>
  );
}
