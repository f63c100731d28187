import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pendingOrders, users, type events } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
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
  const name = truck?.businessName ?? truck?.username ?? 'the truck';
  const collected = await tx
    .select({
      id: pendingOrders.id,
      customerName: pendingOrders.customerName,
      customerEmail: pendingOrders.customerEmail,
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
    await enqueueMail(tx, {
      kind: 'thank-you',
      to: order.customerEmail,
      subject: `Thanks for coming to ${event.title}: how was ${name}?`,
      text: [
        `Hi ${order.customerName},`,
        '',
        `Thank you for pre-ordering at ${event.title}. Your order helped the organizer reach their goal.`,
        '',
        `How was the food from ${name}? Rate it in a few seconds (the link is for your order only):`,
        link,
        '',
        'Food Truck Fund',
      ].join('\n'),
    });
  }
  return collected.length;
}
