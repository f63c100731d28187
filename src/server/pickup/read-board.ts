import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { PICKUP_ORDER_STATUSES } from '../../core/fulfilment';
import type { PickupBoardDto } from '../../contract/pickup';
import type { Db } from '../db/client';
import { events, pendingOrders, users } from '../db/schema';

/** The most codes each column shows: a window serves far fewer at once. */
const BOARD_MAX_CODES = 120;

/**
 * What the screen at the truck's window shows (decision 226): the codes of paid orders being prepared
 * and of those ready, never a name. A charge being given back is on neither.
 */
export async function readPickupBoard(
  db: Db,
  event: Pick<typeof events.$inferSelect, 'id' | 'title' | 'foodTruckId'>,
): Promise<PickupBoardDto> {
  const paid = and(
    eq(pendingOrders.eventId, event.id),
    inArray(pendingOrders.status, [...PICKUP_ORDER_STATUSES]),
    isNull(pendingOrders.refundDueAt),
    isNotNull(pendingOrders.pickupCode),
  );
  const [preparing, ready, [truck]] = await Promise.all([
    db
      .select({ code: pendingOrders.pickupCode })
      .from(pendingOrders)
      .where(and(paid, isNull(pendingOrders.fulfilment)))
      .orderBy(asc(pendingOrders.id))
      .limit(BOARD_MAX_CODES),
    db
      .select({ code: pendingOrders.pickupCode })
      .from(pendingOrders)
      .where(and(paid, eq(pendingOrders.fulfilment, 'ready')))
      .orderBy(desc(pendingOrders.readyAt), desc(pendingOrders.id))
      .limit(BOARD_MAX_CODES),
    db
      .select({ businessName: users.businessName, username: users.username })
      .from(users)
      .where(eq(users.id, event.foodTruckId)),
  ]);
  return {
    eventTitle: event.title,
    truckName: truck?.businessName ?? truck?.username ?? 'The truck',
    preparing: preparing.map((r) => r.code!),
    ready: ready.map((r) => r.code!),
  };
}
