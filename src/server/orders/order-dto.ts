import { visiblePickupCode } from '../../core/fulfilment';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { Language } from '../../core/language';
import type { OrderDto, OrderLineDto } from '../../contract/orders';
import type { orderRefunds, pendingOrders } from '../db/schema';
import { refundFailureIn } from '../answer-words';
import { toCorrectionDto } from './corrections-dto';

export type { OrderDto, OrderLineDto };

/**
 * A diner's own order as their browser sees it: never another diner's, never a client secret. A
 * refund's failure is said in the reader's `language`.
 */
export function toOrderDto(
  order: typeof pendingOrders.$inferSelect,
  lines: OrderLineDto[] = [],
  corrections: Array<typeof orderRefunds.$inferSelect> = [],
  language: Language = 'en',
): OrderDto {
  const currency = asCurrency(order.currency);
  const money = (minor: number) => minorToDecimal(minor, currency);
  return {
    id: order.id,
    eventId: order.eventId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    note: order.note,
    status: order.status,
    mode: order.mode,
    totalAmount: money(order.totalAmount),
    subtotalAmount: money(order.subtotalAmount),
    taxAmount: money(order.taxAmount),
    tipAmount: money(order.tipAmount),
    discountAmount: money(order.discountAmount),
    donationAmount: money(order.donationAmount),
    donationFeeAmount: money(order.donationFeeAmount),
    /** Every amount of the order is in it (decision 230). */
    currency,
    stripePaymentIntentId: order.stripePaymentIntentId,
    failureMessage: order.failureMessage,
    fixPaymentDeadline: order.fixPaymentDeadline?.toISOString() ?? null,
    /** A charge that is being (or has been) given back. */
    refundPending: order.status === 'charged' && order.refundDueAt !== null,
    refundFailure: order.status === 'charged' ? refundFailureIn(language, order.refundFailure) : null,
    refundedAmount: order.refundedAmount === null ? null : money(order.refundedAmount),
    refundedAt: order.refundedAt?.toISOString() ?? null,
    releasedBy: order.cancelRequestedBy,
    createdAt: order.createdAt.toISOString(),
    /** What the diner says at the truck; only once the card is authorized or charged. */
    pickupCode: visiblePickupCode(order),
    /** null while being prepared, then `ready`, then `collected`. */
    fulfilment: order.fulfilment,
    items: lines,
    corrections: corrections.map((row) => toCorrectionDto(row, currency)),
  };
}
