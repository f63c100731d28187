import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pendingOrders, users, type events } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { wordsFor } from '../outbox/mail-words';
import { reviewLink } from './review-token';

/**
 * When an event closes, every diner whose order was handed over is thanked and asked, once, to rate the
 * truck through a link signed for their order (decision 171). Written in the closing transaction.
 */
export async function enqueueThankYouMails(
  tx: DbOrTx,
  event: typeof events.$inferSelect,
  links: { baseUrl: string; secret: string },
): Promise<number> {
  const [truck] = await tx
    .select({ businessName: users.businessName, username: users.username })
    .from(users)
    .where(eq(users.id, event.foodTruckId));
  const truckName = truck?.businessName ?? truck?.username ?? null;
  const collected = await tx
    .select({
      id: pendingOrders.id,
      customerName: pendingOrders.customerName,
      customerEmail: pendingOrders.customerEmail,
      language: pendingOrders.language,
    })
    .from(pendingOrders)
    .where(
      and(
        eq(pendingOrders.eventId, event.id),
        eq(pendingOrders.status, 'charged'),
        eq(pendingOrders.fulfilment, 'collected'),
        isNull(pendingOrders.refundDueAt),
      ),
    );
  for (const order of collected) {
    const link = reviewLink(links.baseUrl, links.secret, order.id);
    // In the language of the diner's checkout (decision 229).
    const { t } = wordsFor(order);
    const name = truckName ?? t('mail:thankYou.theTruck');
    await enqueueMail(tx, {
      kind: 'thank-you',
      to: order.customerEmail,
      subject: t('mail:thankYou.subject', { title: event.title, truck: name }),
      text: [
        t('mail:order.greeting', { name: order.customerName }),
        '',
        t('mail:thankYou.thanks', { title: event.title }),
        '',
        t('mail:thankYou.rate', { truck: name }),
        link,
        '',
        'Food Truck Fund',
      ].join('\n'),
    });
  }
  return collected.length;
}
