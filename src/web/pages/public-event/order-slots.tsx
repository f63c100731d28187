import type { ReactNode } from 'react';
import type { PublicEventDetails } from '../../features/event-page/api/get-event';
import { useMyOrders, type OrderLookup } from '../../features/payments/api/get-my-orders';
import { useEventUpdates } from '../../features/updates/api/get-event-updates';
import { LazyPart } from '../../components/lazy-section';
import { EventUpdates, MyOrdersCard } from './lazy-parts';
import { useT } from '@web/lib/i18n';

/**
 * The diner's orders card, for a diner with an order (its code is fetched only for them). The orders
 * are asked for on every visit, as the card would (that call starts a guest's session); their answer
 * re-renders this slot, not the whole page.
 */
export function MyOrdersSlot(props: {
  eventId: number;
  eventStatus: PublicEventDetails['status'];
  timeZone: string;
  schedule?: { changedAt: string | null; startsAt: string; timeZone: string };
  lookup: OrderLookup;
  onChanged: () => void;
  footer?: ReactNode;
}) {
  const t = useT();
  const orders = useMyOrders(props.eventId, props.lookup);
  if (!orders.data?.length) return null;
  return (
    <LazyPart label={t('eventPage.yourOrders')}>
      <MyOrdersCard {...props} />
    </LazyPart>
  );
}

/** The updates card: for visitors once there is something to read, always for those who may post. */
export function UpdatesSlot({ eventId, canPost }: { eventId: number; canPost: boolean }) {
  const t = useT();
  const updates = useEventUpdates(eventId);
  if (!canPost && !updates.data?.length) return null;
  return (
    <LazyPart label={t('eventPage.theUpdates')}>
      <EventUpdates eventId={eventId} canPost={canPost} />
    </LazyPart>
  );
}
