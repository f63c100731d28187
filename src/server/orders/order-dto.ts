import { visiblePickupCode } from '../../core/fulfilment';
import { centsToDecimal } from '../../core/money';
import type { OrderDto, OrderLineDto } from '../../contract/orders';
import type { orderRefunds, pendingOrders } from '../db/schema';
import { toCorrectionDto } from './corrections-dto';

export type { OrderDto, OrderLineDto };

/** A diner's own order as their browser sees it: never another diner's, never a client secret. */
export function toOrderDto(
  order: typeof pendingOrders.$inferSelect,
  lines: OrderLineDto[] = [],
  corrections: Array<typeof orderRefunds.$inferSelect> = [],
): OrderDto {
  return {
    id: order.id,
    eventId: order.eventId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    note: order.note,
    status: order.status,
    mode: order.mode,
    totalAmount: centsToDecimal(order.totalAmount),
    subtotalAmount: centsToDecimal(order.subtotalAmount),
    taxAmount: centsToDecimal(order.taxAmount),
    tipAmount: centsToDecimal(order.tipAmount),
    stripePaymentIntentId: order.stripePaymentIntentId,
    failureMessage: order.failureMessage,
    fixPaymentDeadline: order.fixPaymentDeadline?.toISOString() ?? null,
    /** A charge that is being (or has been) given back. */
    refundPending: order.status === 'charged' && order.refundDueAt !== null,
    refundFailure: order.status === 'charged' ? order.refundFailure : null,
    refundedAmount: order.refundedAmount === null ? null : centsToDecimal(order.refundedAmount),
    refundedAt: order.refundedAt?.toISOString() ?? null,
    releasedBy: order.cancelRequestedBy,
    createdAt: order.createdAt.toISOString(),
    /** What the diner says at the truck; only once the card is authorized or charged. */
    pickupCode: visiblePickupCode(order),
    /** null while being prepared, then `ready`, then `collected`. */
    fulfilment: order.fulfilment,
    items: lines,
    corrections: corrections.map(toCorrectionDto),
  };
}
