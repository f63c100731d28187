import { asc, inArray } from 'drizzle-orm';
import { minorToDecimal, type Currency } from '../../core/currency';
import type { CorrectionDto } from '../../contract/orders';
import type { DbOrTx } from '../db/client';
import { orderRefunds } from '../db/schema';

type RefundRow = typeof orderRefunds.$inferSelect;

/** A correction, its amount in its order's currency (decision 230). */
export function toCorrectionDto(row: RefundRow, currency: Currency = 'USD'): CorrectionDto {
  return {
    id: row.id,
    amount: minorToDecimal(row.amount, currency),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    state: row.refundedAt ? 'refunded' : row.failedAt ? 'failed' : 'pending',
  };
}

/** The corrections of some orders, oldest first, by order id. */
export async function loadCorrections(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, RefundRow[]>> {
  const result = new Map<number, RefundRow[]>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.id));
  for (const row of rows) {
    const list = result.get(row.orderId) ?? [];
    list.push(row);
    result.set(row.orderId, list);
  }
  return result;
}
