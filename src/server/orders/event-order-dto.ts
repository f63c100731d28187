import { visiblePickupCode } from '../../core/fulfilment';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import type { EventOrderDto } from '../../contract/orders';
import { orderMoneyIn } from '../answer-words';
import { toCorrectionDto } from './corrections-dto';
import type { EventOrder } from './list-event-orders';

/**
 * An order as its event's truck and organizer see it: who, what, paid or not, pickup state. The
 * diner's e-mail and payment details stay private. `payment` is said in the reader's `language`.
 */
export function toEventOrderDto(order: EventOrder, language: Language = 'en'): EventOrderDto {
  const currency = asCurrency(order.currency);
  const money = (minor: number) => minorToDecimal(minor, currency);
  return {
    id: order.id,
    pickupCode: visiblePickupCode(order),
    customerName: order.customerName,
    note: order.note,
    status: order.status,
    fulfilment: order.fulfilment,
    readyAt: order.readyAt?.toISOString() ?? null,
    collectedAt: order.collectedAt?.toISOString() ?? null,
    subtotalAmount: money(order.subtotalAmount),
    taxAmount: money(order.taxAmount),
    tipAmount: money(order.tipAmount),
    totalAmount: money(order.totalAmount),
    payment: orderMoneyIn(language, order, currency),
    currency,
    createdAt: order.createdAt.toISOString(),
    items: order.lines.map((line) => ({
      menuItemId: line.menuItemId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: money(line.unitCents),
    })),
    refundedAmount: money(refundedCentsOf(order)),
    corrections: order.corrections.map((row) => toCorrectionDto(row, currency)),
  };
}
export type { EventOrderDto };

/** "2 × Carne Asada Taco, 1 × Horchata" */
export function describeItems(lines: ReadonlyArray<{ quantity: number; name: string }>): string {
  return lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
}

/**
 * What went back (or is owed back) to the diner: a whole refund, or the truck's corrections so far,
 * leaving out what the provider refused (decision 213: `refundedAmount` counts only those not refused).
 */
export function refundedCentsOf(
  order: Pick<EventOrder, 'status' | 'totalAmount' | 'refundedAmount' | 'refundDueAt' | 'correctedAmount'> & {
    refundGaveUpAt?: Date | null;
  },
): number {
  if (order.status === 'refunded') return order.refundedAmount ?? order.totalAmount;
  if (order.status === 'charged' && order.refundDueAt && !order.refundGaveUpAt) return order.totalAmount;
  return Math.min(order.refundedAmount ?? 0, order.correctedAmount);
}
