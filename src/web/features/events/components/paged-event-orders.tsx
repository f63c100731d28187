import { useState } from 'react';
import type { EventOrderDto } from '@contract/orders';
import { LoadError } from '@web/components/load-more';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { useOlderEventOrders } from '../api/get-event-orders';
import { EventOrdersTable } from './event-orders-table';

/** The event's orders, newest first: the first page, then older ones a page at a time. */
export function PagedEventOrders({
  eventId,
  orders,
  nextCursor,
}: {
  eventId: number;
  orders: EventOrderDto[];
  nextCursor: string | null;
}) {
  const t = useT('app');
  const [asked, setAsked] = useState(false);
  const older = useOlderEventOrders(eventId, nextCursor, asked);
  const more = older.data?.pages.flatMap((page) => page.orders) ?? [];
  const canLoadMore = asked ? older.isPending || older.hasNextPage : nextCursor !== null;
  const loading = asked && older.isFetching;
  return (
    <>
      <EventOrdersTable orders={[...orders, ...more]} />
      {older.isError && <LoadError title={t('organizerEvent.moreFailed')} query={older} className="my-3" />}
      {canLoadMore && !older.isError && (
        <div className="flex justify-center py-4">
          <Button
            variant="outline"
            size="sm"
            disabled={loading}
            onClick={() => (asked ? void older.fetchNextPage() : setAsked(true))}
          >
            {loading ? t('organizerEvent.loadingOrders') : t('organizerEvent.loadMoreOrders')}
          </Button>
        </div>
      )}
    </>
  );
}
