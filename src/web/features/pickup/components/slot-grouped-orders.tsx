import type { ReactNode } from 'react';
import type { EventOrderDto } from '@contract/orders';
import { eventDaySlotOrder, formatPickupSlot } from '@core/pickup-slots';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';

/**
 * The event day's orders grouped by pickup slot (decision 226): the slot going on now first, then
 * the later ones, then those over, orders without a slot last. Without slots, one list as before.
 */
export function SlotGroupedOrders({
  orders,
  minutes,
  timeZone,
  now,
  renderOrder,
}: {
  orders: EventOrderDto[];
  minutes: number | null | undefined;
  timeZone: string;
  now: Date;
  renderOrder: (order: EventOrderDto) => ReactNode;
}) {
  const t = useT('app');
  const locale = intlLocale(useLanguage());
  if (!minutes)
    return (
      <ul aria-label={t('pickupSlots.orders')} className="mt-4 space-y-3">
        {orders.map(renderOrder)}
      </ul>
    );
  const starts = eventDaySlotOrder(
    orders.map((o) => (o.pickupSlot ? new Date(o.pickupSlot) : null)),
    minutes,
    now,
  );
  return (
    <div className="mt-4 space-y-6">
      {starts.map((start) => {
        const inSlot = orders.filter((o) =>
          start ? o.pickupSlot && new Date(o.pickupSlot).getTime() === start.getTime() : !o.pickupSlot,
        );
        const current = start !== null && start <= now && now.getTime() < start.getTime() + minutes * 60_000;
        const label = start ? formatPickupSlot(start, minutes, timeZone, locale) : t('pickupSlots.noSlot');
        return (
          <section key={start?.toISOString() ?? 'none'} aria-label={label}>
            <h2 className="mb-2 flex flex-wrap items-center gap-2 text-lg font-bold">
              {label}
              <span className="text-sm font-medium text-muted">
                {t('pickupSlots.orderCount', { count: inSlot.length })}
              </span>
              {current && (
                <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {t('pickupSlots.now')}
                </span>
              )}
            </h2>
            <ul aria-label={t('pickupSlots.ordersAt', { slot: label })} className="space-y-3">
              {inSlot.map(renderOrder)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
