import { ShieldCheck } from 'lucide-react';
import { useEventGuarantee } from '../api/guarantee';

/**
 * What the truck reads when it decides, and on its bookings: the organizer guarantees its minimum
 * (decision 224). Nothing when there is no guarantee standing.
 */
export function GuaranteeNotice({ eventId, className }: { eventId: number; className?: string }) {
  const guarantee = useEventGuarantee(eventId);
  const summary = guarantee.data?.summary;
  if (!summary) return null;
  const [label, ...rest] = summary.split(': ');
  return (
    <p
      className={`flex items-start gap-2 rounded-card border border-green-200 bg-green-50 p-3 text-sm text-green-900 ${className ?? ''}`}
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{label}</strong>
        {rest.length > 0 ? `: ${rest.join(': ')}` : ''}
        {guarantee.data?.charged ? ` The organizer paid $${guarantee.data.charged} at the start.` : ''}
      </span>
    </p>
  );
}
