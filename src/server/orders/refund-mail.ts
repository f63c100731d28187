import { calledOffSentence } from '../../core/call-off';
import { formatCents } from '../../core/money';
import type { events, orderRefunds, pendingOrders } from '../db/schema';
import { renderMail } from '../outbox/templates';
import { orderThread } from '../outbox/order-thread';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** The refund reason of a charged order its diner cancelled because the event was moved. */
export const CANCELLED_AFTER_CHANGE = 'diner cancelled after the event changed';

/** Why a diner's money went back, in their words. */
function why(order: OrderRow, event: EventRow): string {
  if (order.refundReason === 'charged after cancellation')
    return `Your pre-order for "${event.title}" was cancelled, but the payment had already gone through.`;
  if (order.refundReason === CANCELLED_AFTER_CHANGE)
    return `You cancelled your pre-order for "${event.title}" after its date, time or place changed.`;
  if (order.refundReason === 'charged after the start')
    return `Your payment for "${event.title}" came in after the event had started and stopped taking pre-orders.`;
  if (order.refundReason === 'the payment could not be recorded')
    return `We could not record your payment for "${event.title}", so we gave it back rather than keep it without an order.`;
  if (event.status === 'payment_failed')
    return `"${event.title}" did not collect enough payments to cover the food truck's minimum, so it will not take place.`;
  const calledOff = calledOffSentence(event.title, event);
  if (calledOff) return calledOff;
  return `Your payment for "${event.title}" was returned.`;
}

export function orderRefundedMail(order: OrderRow, event: EventRow, link: string) {
  return {
    kind: 'order-refunded',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: `Refunded: ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        why(order, event),
        `We have refunded ${formatCents(order.refundedAmount ?? order.totalAmount)} to your card. Depending on your bank it shows on your statement within 5 to 10 business days.`,
      ],
      action: { label: 'View your order', url: link },
      footer: 'You receive this because you pre-ordered on Food Truck Fund.',
    }),
  };
}

/**
 * The truck refunded the whole order or a part of it: the diner reads how much, why (the truck's
 * words), and what is still charged. Enqueued in the correction's own transaction.
 */
export function orderCorrectedMail(
  order: OrderRow,
  event: EventRow,
  refund: typeof orderRefunds.$inferSelect,
  link: string,
) {
  const kept = order.totalAmount - order.correctedAmount;
  return {
    kind: 'order-corrected',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: `Refund of ${formatCents(refund.amount)}: ${event.title}`,
    ...renderMail({
      greeting: `Hi ${order.customerName},`,
      paragraphs: [
        `The food truck refunded ${formatCents(refund.amount)} of your pre-order for "${event.title}". Their reason: "${refund.reason}"`,
        kept > 0
          ? `You paid ${formatCents(order.totalAmount)}; after refunds of ${formatCents(order.correctedAmount)} in all, ${formatCents(kept)} stays charged.`
          : `Your payment of ${formatCents(order.totalAmount)} is now refunded in full.`,
        'Depending on your bank the refund shows on your statement within 5 to 10 business days.',
      ],
      action: { label: 'View your order', url: link },
      footer: 'You receive this because you pre-ordered on Food Truck Fund.',
    }),
  };
}
