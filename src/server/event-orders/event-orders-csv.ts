import { and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { visiblePickupCode } from '../../core/fulfilment';
import { asCurrency, minorToDecimal, type Currency } from '../../core/currency';
import type { Language } from '../../core/language';
import type { OrderStatus } from '../../core/order-status';
import { cellWord, orderMoneyIn } from '../answer-words';
import type { DbOrTx } from '../db/client';
import { orderRefunds, pendingOrders } from '../db/schema';
import { describeItems, refundedCentsOf } from '../orders/event-order-dto';

/** Orders read at a time: the export streams, whatever the number of orders. */
const CSV_BATCH = 500;

export const ORDER_CSV_COLUMNS = [
  'Pickup code',
  'Name',
  'Items',
  'Status',
  'Payment',
  'Pickup',
  'Food',
  'Sales tax',
  'Tip',
  'Total',
  'Refunded',
  'Refund reasons',
  'Ordered at',
  // Last, so a spreadsheet made from the columns before it still reads them where they were.
  'Note',
  // Promo codes and gifts (decisions 222, 223), after the note for the same reason.
  'Promo code discount',
  'Gift',
  'Gift fee',
  // The order's currency (decision 230): every amount of the row is in it.
  'Currency',
];

/**
 * The event's orders in `statuses` that someone paid for, as CSV rows, oldest first. Only the columns
 * the file shows are read, with each order's lines folded into its own row by the database (one
 * statement a batch, plus one for the rare corrections): a 100,000-order export makes a fraction of
 * the objects the organizer's table would, so the server's memory stays near idle while it streams.
 * The words in its cells (status, payment, pickup) are in the requester's `language`; amounts,
 * instants and codes are the same in every language.
 */
export async function* eventOrderCsvRows(
  db: DbOrTx,
  eventId: number,
  statuses: readonly OrderStatus[],
  language: Language = 'en',
): AsyncGenerator<Array<string | number>> {
  let after = 0;
  for (;;) {
    const batch = await readBatch(db, eventId, statuses, after);
    if (batch.length === 0) return;
    const reasons = await readCorrectionReasons(
      db,
      batch.map((o) => o.id),
      // One event's orders: all in its currency.
      asCurrency(batch[0]!.currency),
    );
    for (const o of batch) {
      const currency = asCurrency(o.currency);
      const centsToDecimal = (minor: number) => minorToDecimal(minor, currency);
      yield [
        visiblePickupCode(o) ?? '',
        o.customerName,
        describeItems(o.items ?? []),
        cellWord(language, 'orderStatus', o.status),
        orderMoneyIn(language, o, currency),
        cellWord(language, 'fulfilment', o.fulfilment ?? ''),
        centsToDecimal(o.subtotalAmount),
        centsToDecimal(o.taxAmount),
        centsToDecimal(o.tipAmount),
        centsToDecimal(o.totalAmount),
        centsToDecimal(refundedCentsOf(o)),
        reasons.get(o.id) ?? '',
        o.createdAt.toISOString(),
        o.note ?? '',
        centsToDecimal(o.discountAmount),
        centsToDecimal(o.donationAmount),
        centsToDecimal(o.donationFeeAmount),
        currency,
      ];
    }
    if (batch.length < CSV_BATCH) return;
    after = batch.at(-1)!.id;
  }
}

function readBatch(db: DbOrTx, eventId: number, statuses: readonly OrderStatus[], after: number) {
  const o = pendingOrders;
  return db
    .select({
      id: o.id,
      status: o.status,
      pickupCode: o.pickupCode,
      customerName: o.customerName,
      mode: o.mode,
      fulfilment: o.fulfilment,
      subtotalAmount: o.subtotalAmount,
      taxAmount: o.taxAmount,
      tipAmount: o.tipAmount,
      discountAmount: o.discountAmount,
      donationAmount: o.donationAmount,
      donationFeeAmount: o.donationFeeAmount,
      totalAmount: o.totalAmount,
      currency: o.currency,
      refundedAmount: o.refundedAmount,
      correctedAmount: o.correctedAmount,
      refundDueAt: o.refundDueAt,
      refundFailure: o.refundFailure,
      authorizedAt: o.authorizedAt,
      cancelRequestedBy: o.cancelRequestedBy,
      createdAt: o.createdAt,
      note: o.note,
      // Its lines, in the order they were added (as the organizer's table lists them).
      items: sql<Array<{ quantity: number; name: string }> | null>`(
        select json_agg(json_build_object('quantity', i.quantity, 'name', m.name) order by i.id)
          from pending_order_items i join menu_items m on m.id = i.menu_item_id
         where i.pending_order_id = pending_orders.id)`,
    })
    .from(o)
    .where(
      and(
        eq(o.eventId, eventId),
        inArray(o.status, [...statuses]),
        or(ne(o.status, 'cancelled'), isNotNull(o.authorizedAt)),
        gt(o.id, after),
      ),
    )
    .orderBy(asc(o.id))
    .limit(CSV_BATCH);
}

/** "2.50: cold fries; 1.00: no drink" for each order the truck corrected, oldest first. */
async function readCorrectionReasons(
  db: DbOrTx,
  orderIds: number[],
  currency: Currency,
): Promise<Map<number, string>> {
  const reasons = new Map<number, string>();
  if (orderIds.length === 0) return reasons;
  const rows = await db
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount, reason: orderRefunds.reason })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.id));
  for (const row of rows) {
    const text = `${minorToDecimal(row.amount, currency)}: ${row.reason}`;
    const before = reasons.get(row.orderId);
    reasons.set(row.orderId, before ? `${before}; ${text}` : text);
  }
  return reasons;
}
