import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { asCurrency } from '../../core/currency';
import { isLanguage } from '../../core/language';
import { formatCents, parseDecimalToCents } from '../../core/money';
import type { DbOrTx } from '../db/client';
import { events, orderRefunds, pendingOrders, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { renderMail } from '../outbox/templates';
import { intlLocale, translator } from '../i18n';
import { refusalWordsIn } from '../answer-words';

type OrderRow = typeof pendingOrders.$inferSelect;

/**
 * What the truck's corrections of an order really gave back, or are giving back (decision 213): the
 * ones made (or settled as refunded another way), and the ones not refused yet (on their first try). A
 * refused correction is not counted until a later try makes it, and one closed by an admin never is.
 */
export async function countedCorrectionCents(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${orderRefunds.amount})` })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        or(isNotNull(orderRefunds.refundedAt), isNull(orderRefunds.failedAt)),
      ),
    );
  // moneyCents is numeric(…, 2) in dollars: the sum comes back as a decimal string.
  return row?.sum ? parseDecimalToCents(row.sum) : 0;
}

/**
 * The order's `refundedAmount` made to say what its refunds really are: the counted corrections, plus
 * the rest a whole refund gave back if there was one. Called under the order's lock after a
 * correction's state changed; the change raises the event's payouts' `refund_seq` (trigger), so a
 * payout looks again. Answers the order as it now stands.
 */
export async function recountRefunded(tx: DbOrTx, order: OrderRow, now: Date): Promise<OrderRow> {
  const corrections = await countedCorrectionCents(tx, order.id);
  const whole = order.status === 'refunded' ? order.totalAmount - order.correctedAmount : 0;
  const refunded = corrections + whole;
  const value = refunded > 0 || order.refundedAmount !== null ? refunded : null;
  if (value === order.refundedAmount) return order;
  const [updated] = await tx
    .update(pendingOrders)
    .set({ refundedAmount: value, updatedAt: now })
    .where(eq(pendingOrders.id, order.id))
    .returning();
  return updated!;
}

/**
 * Tells the event's truck that the provider refused a refund of one of its orders, with the provider's
 * reason in plain words: at the first refusal (it is tried again until `giveUpBy`) and when it is given
 * up (an admin settles it). In the transaction that records the refusal. No mail topic: money owed.
 */
export async function tellTruckRefundRefused(
  tx: DbOrTx,
  input: {
    order: Pick<OrderRow, 'id' | 'eventId' | 'customerName' | 'pickupCode'>;
    amount: number;
    words: string;
    nextTry: Date | null;
  },
): Promise<void> {
  const [row] = await tx
    .select({
      title: events.title,
      email: users.contactEmail,
      name: users.businessName,
      username: users.username,
      language: users.language,
      currency: events.currency,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.foodTruckId))
    .where(eq(events.id, input.order.eventId));
  if (!row?.email) return;
  // In the truck's saved language, the amount in the event's currency (decision 229).
  const language = isLanguage(row.language) ? row.language : 'en';
  const t = translator(language);
  const amount = formatCents(input.amount, asCurrency(row.currency), intlLocale(language));
  const { customerName: name, pickupCode: code } = input.order;
  const which = code
    ? t('mail:refundRefused.whichCode', { amount, name, code })
    : t('mail:refundRefused.which', { amount, name });
  const final = input.nextTry === null;
  await enqueueMail(tx, {
    kind: final ? 'refund-given-up' : 'refund-refused',
    to: row.email,
    subject: t(final ? 'mail:refundRefused.subjectFinal' : 'mail:refundRefused.subject', {
      title: row.title,
    }),
    ...renderMail({
      language,
      greeting: t('mail:refundRefused.greeting', { name: row.name ?? row.username }),
      paragraphs: [
        t('mail:refundRefused.refused', {
          which,
          title: row.title,
          words: refusalWordsIn(language, input.words),
        }),
        t(final ? 'mail:refundRefused.final' : 'mail:refundRefused.retry'),
      ],
      footer: t('mail:refundRefused.footer'),
    }),
  });
}
