import type { EventOrderDto } from '@contract/orders';
import { StatusBadge, type BadgeTone } from '@web/components/ui/status-badge';
import { formatMoney } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';

const STATUS_TONES: Record<string, BadgeTone> = {
  confirmed: 'info',
  charged: 'good',
  failed: 'bad',
  cancelling: 'neutral',
  cancelled: 'neutral',
  refunded: 'neutral',
};

/** The columns' headings on a wide screen (catalog keys); the total stands right, as its amounts do. */
const HEADINGS = [
  { key: 'pickupCode', spacing: 'pr-3' },
  { key: 'name', spacing: 'pr-3' },
  { key: 'items', spacing: 'pr-3' },
  { key: 'status', spacing: 'pr-3' },
  { key: 'total', spacing: 'text-right' },
];

/** Who ordered what: a card per order on a phone, a table row on a wide screen. */
export function EventOrdersTable({ orders }: { orders: EventOrderDto[] }) {
  const t = useT('app');
  return (
    <table className="w-full text-sm">
      <thead className="hidden border-b border-line text-left text-muted md:table-header-group">
        <tr>
          {HEADINGS.map(({ key, spacing }) => (
            <th key={key} scope="col" className={`py-2 font-medium ${spacing}`}>
              {t(`organizerEvent.columns.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr
            key={order.id}
            className="grid grid-cols-[auto_1fr] gap-x-3 border-b border-stone-100 py-3 md:table-row md:py-0"
          >
            <td className="font-mono font-semibold tracking-wider md:py-2 md:pr-3">
              {order.pickupCode ?? '—'}
            </td>
            <td className="font-medium break-words md:py-2 md:pr-3">{order.customerName}</td>
            <td className="col-span-2 text-stone-700 md:py-2 md:pr-3">
              {order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
              {order.note && (
                <span className="block text-sm break-words">
                  {t('organizerEvent.note', { note: order.note })}
                </span>
              )}
            </td>
            <td className="col-span-2 mt-1 flex flex-wrap gap-1 md:mt-0 md:table-cell md:py-2 md:pr-3">
              <StatusBadge tone={STATUS_TONES[order.status] ?? 'neutral'}>
                {t(`events.orderStatus.${order.status}`)}
              </StatusBadge>{' '}
              {order.status === 'charged' && order.fulfilment && (
                <StatusBadge tone="neutral">{t(`events.fulfilment.${order.fulfilment}`)}</StatusBadge>
              )}
              <span className="block w-full text-xs text-muted">{order.payment}</span>
            </td>
            <td className="col-span-2 mt-1 tabular-nums md:mt-0 md:py-2 md:text-right">
              <span className="md:hidden">{t('organizerEvent.totalLabel')} </span>
              {formatMoney(order.totalAmount, order.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
