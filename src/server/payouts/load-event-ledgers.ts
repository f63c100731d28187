import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { computeEventLedger, type EventLedger, type LedgerOrder } from '../../core/payout-ledger';
import { ledgerWithGuarantee } from '../../core/host-guarantee';
import type { DbOrTx } from '../db/client';
import { guaranteeCharges } from '../guarantees/guarantee-queries';
import { events, pendingOrderItems, pendingOrders } from '../db/schema';

/** Orders whose money reached the platform: charged, or charged and then (partly) refunded. */
const MONEY_STATUSES = ['charged', 'refunded'] as const;

/**
 * Every figure of the payouts is recomputed from the orders here, never stored: the ledger of each
 * event is its charged orders at the prices they were charged, less what was refunded. A charge owed
 * back (`refundDueAt` set, not yet refunded) already counts as refunded, so no payout ever sends money
 * that is about to go back to a diner; one the provider refused for good does not, nor does a
 * correction it refused (`refundedAmount` leaves those out, decision 213).
 */
export async function loadEventLedgers(
  db: DbOrTx,
  eventIds: readonly number[],
): Promise<Map<number, EventLedger>> {
  const result = new Map<number, EventLedger>();
  if (eventIds.length === 0) return result;
  const rows = await db
    .select({
      eventId: pendingOrders.eventId,
      orderId: pendingOrders.id,
      status: pendingOrders.status,
      totalAmount: pendingOrders.totalAmount,
      taxAmount: pendingOrders.taxAmount,
      tipAmount: pendingOrders.tipAmount,
      discountAmount: pendingOrders.discountAmount,
      donationAmount: pendingOrders.donationAmount,
      donationFeeAmount: pendingOrders.donationFeeAmount,
      refundedAmount: pendingOrders.refundedAmount,
      refundedAt: pendingOrders.refundedAt,
      refundDueAt: pendingOrders.refundDueAt,
      refundGaveUpAt: pendingOrders.refundGaveUpAt,
      quantity: pendingOrderItems.quantity,
      unitCents: pendingOrderItems.priceAtTime,
      baseCents: pendingOrderItems.basePriceAtTime,
    })
    .from(pendingOrders)
    // A gift without food has no lines (decision 223): its order is read all the same.
    .leftJoin(pendingOrderItems, eq(pendingOrderItems.pendingOrderId, pendingOrders.id))
    .where(
      ordersAmong(
        db
          .select({ id: pendingOrders.id })
          .from(pendingOrders)
          .where(
            and(
              inArray(pendingOrders.eventId, [...eventIds]),
              inArray(pendingOrders.status, [...MONEY_STATUSES]),
            ),
          ),
      ),
    );

  const markups = await db
    .select({ id: events.id, markup: events.priceMarkupPercentage })
    .from(events)
    .where(inArray(events.id, [...eventIds]));

  const ordersByEvent = new Map<number, Map<number, LedgerOrder>>();
  for (const row of rows) {
    const orders = ordersByEvent.get(row.eventId) ?? new Map<number, LedgerOrder>();
    ordersByEvent.set(row.eventId, orders);
    let order = orders.get(row.orderId);
    if (!order) {
      order = {
        totalCents: row.totalAmount,
        taxCents: row.taxAmount,
        tipCents: row.tipAmount,
        discountCents: row.discountAmount,
        giftCents: row.donationAmount,
        giftFeeCents: row.donationFeeAmount,
        refundedCents: refundedCents(row),
        lines: [],
      };
      orders.set(row.orderId, order);
    }
    if (row.quantity !== null && row.baseCents !== null && row.unitCents !== null) {
      order.lines.push({ quantity: row.quantity, baseCents: row.baseCents, unitCents: row.unitCents });
    }
  }
  const guarantees = await guaranteeCharges(db, eventIds);
  for (const { id, markup } of markups) {
    const ledger = computeEventLedger([...(ordersByEvent.get(id)?.values() ?? [])], markup);
    result.set(id, ledgerWithGuarantee(ledger, guarantees.get(id)));
  }
  return result;
}

function refundedCents(row: {
  status: string;
  totalAmount: number;
  refundedAmount: number | null;
  refundedAt: Date | null;
  refundDueAt: Date | null;
  refundGaveUpAt: Date | null;
}): number {
  if (row.refundedAt || row.status === 'refunded') return row.refundedAmount ?? row.totalAmount;
  // A refund the provider refused for good is not made: the money stayed charged (decision 213).
  if (row.refundDueAt && !row.refundGaveUpAt) return row.totalAmount;
  return row.refundedAmount ?? 0;
}

export async function loadEventLedger(db: DbOrTx, eventId: number): Promise<EventLedger> {
  return (await loadEventLedgers(db, [eventId])).get(eventId)!;
}

/** The orders of a subquery's ids, read by the primary key. */
function ordersAmong(orderIds: SQLWrapper) {
  return sql`${pendingOrders.id} = any(array(${orderIds}))`;
}
