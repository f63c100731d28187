import { Link } from 'react-router';
import type { AttentionItemDto } from '@contract/desk';

const KIND_LABELS: Record<AttentionItemDto['kind'], string> = {
  'awaiting-truck': 'Waiting for the truck',
  'truck-declined': 'Truck declined',
  'request-expired': 'Request lapsed',
  'change-pending': 'Change waiting',
  'change-declined': 'Change not accepted',
  'failed-payments': 'Failed payments',
};

function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** What needs the organizer, each with the page where they deal with it. */
export function DeskAttentionList({ items }: { items: AttentionItemDto[] }) {
  if (items.length === 0) {
    return <p className="text-sm text-muted">Nothing needs you right now.</p>;
  }
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={`${item.kind}-${item.eventId}`} className="py-3 first:pt-0 last:pb-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {KIND_LABELS[item.kind]}
          </p>
          <p className="font-medium break-words">
            <Link to={item.href} className="underline underline-offset-2">
              {item.title}
            </Link>
          </p>
          <p className="text-sm text-muted">{item.text}</p>
          {item.at && item.kind === 'awaiting-truck' && (
            <p className="text-xs text-muted">Answer due by {formatWhen(item.at)}</p>
          )}
          {item.at && item.kind === 'change-pending' && (
            <p className="text-xs text-muted">Answer due by {formatWhen(item.at)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
