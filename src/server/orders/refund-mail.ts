import { calledOffSentence } from '../../core/call-off';
import { asCurrency } from '../../core/currency';
import { formatCents } from '../../core/money';
import type { events, orderRefunds, pendingOrders } from '../db/schema';
import { renderMail } from '../outbox/templates';
import { orderThread } from '../outbox/order-thread';
import { calledOff, wordsFor, type Words } from '../outbox/mail-words';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** The refund reason of a charged order its diner cancelled because the event was moved. */
export const CANCELLED_AFTER_CHANGE = 'diner cancelled after the event changed';

/** Why a diner's money went back, in their words and language. */
function why(order: OrderRow, event: EventRow, words: Words): string {
  const { t } = words;
  const title = event.title;
  if (order.refundReason === 'charged after cancellation')
    return t('mail:refund.chargedAfterCancellation', { title });
  if (order.refundReason === CANCELLED_AFTER_CHANGE) return t('mail:refund.afterChange', { title });
  if (order.refundReason === 'charged after the start') return t('mail:refund.afterStart', { title });
  if (order.refundReason === 'the payment could not be recorded')
    return t('mail:refund.notRecorded', { title });
  if (event.status === 'payment_failed') return t('mail:refund.paymentFailed', { title });
  if (calledOffSentence(title, event) !== null) return calledOff(event, words);
  return t('mail:refund.returned', { title });
}

/** An amount of the order in its currency, written for the diner's language. */
const money =
  (order: OrderRow, { locale }: Words) =>
  (minor: number) =>
    formatCents(minor, asCurrency(order.currency), locale);

export function orderRefundedMail(order: OrderRow, event: EventRow, link: string) {
  const words = wordsFor(order);
  const { t, language } = words;
  return {
    kind: 'order-refunded',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: t('mail:refund.subject', { title: event.title }),
    ...renderMail({
      language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        why(order, event, words),
        t('mail:refund.refunded', { amount: money(order, words)(order.refundedAmount ?? order.totalAmount) }),
      ],
      action: { label: t('mail:order.viewOrder'), url: link },
      footer: t('mail:order.footer'),
    }),
  };
}

/**
 * The truck refunded the whole order or a part of it: the diner reads how much, why (the truck's
 * words), and what is still charged, in the language of their checkout. Enqueued in the correction's
 * own transaction.
 */
export function orderCorrectedMail(
  order: OrderRow,
  event: EventRow,
  refund: typeof orderRefunds.$inferSelect,
  link: string,
) {
  const words = wordsFor(order);
  const { t, language } = words;
  const amount = money(order, words);
  const kept = order.totalAmount - order.correctedAmount;
  return {
    kind: 'order-corrected',
    thread: orderThread(order),
    to: order.customerEmail,
    subject: t('mail:refund.correctedSubject', { amount: amount(refund.amount), title: event.title }),
    ...renderMail({
      language,
      greeting: t('mail:order.greeting', { name: order.customerName }),
      paragraphs: [
        t('mail:refund.corrected', {
          amount: amount(refund.amount),
          title: event.title,
          reason: refund.reason,
        }),
        kept > 0
          ? t('mail:refund.kept', {
              total: amount(order.totalAmount),
              refunded: amount(order.correctedAmount),
              kept: amount(kept),
            })
          : t('mail:refund.inFull', { total: amount(order.totalAmount) }),
        t('mail:refund.bank'),
      ],
      action: { label: t('mail:order.viewOrder'), url: link },
      footer: t('mail:order.footer'),
    }),
  };
}
