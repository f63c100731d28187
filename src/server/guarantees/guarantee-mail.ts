import { inArray } from 'drizzle-orm';
import { formatCents } from '../../core/money';
import { formatEventDate, formatEventTime } from '../../core/time';
import type { Tx } from '../db/client';
import { users, type events } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { composeMail } from '../outbox/templates';

type EventRow = typeof events.$inferSelect;
type UserRow = typeof users.$inferSelect;

export type GuaranteeNews =
  | { kind: 'notice'; amountCents: number }
  | { kind: 'charged'; amountCents: number }
  | { kind: 'declined'; amountCents: number; message: string };

function title(event: EventRow): string {
  const when = `${formatEventDate(event.startsAt, event.timeZone)}, ${formatEventTime(event.startsAt, event.timeZone)}`;
  return `"${event.title}" on ${when}`;
}

function organizerMail(news: GuaranteeNews, event: EventRow, baseUrl: string) {
  const url = `${baseUrl}/my-events/${event.id}`;
  const amount = formatCents(news.amountCents);
  switch (news.kind) {
    case 'notice':
      return composeMail('guarantee-notice', `You may pay ${amount}: ${event.title}`, {
        paragraphs: [
          `${title(event)} is ${formatCents(event.minimumSales - event.currentSales)} short of its ${formatCents(event.minimumSales)} goal.`,
          `You guaranteed the truck's minimum: if food sales are still short at the start, your saved card is charged the shortfall then. As it stands, you may pay ${amount}; every pre-order from now on lowers it.`,
        ],
        action: { label: 'Open your event', url },
      });
    case 'charged':
      return composeMail('guarantee-charged', `Your guarantee was charged ${amount}: ${event.title}`, {
        paragraphs: [
          `${title(event)} started ${amount} short of its ${formatCents(event.minimumSales)} goal, so your saved card was charged ${amount}, as you guaranteed.`,
          "The event goes ahead: every diner's card is charged and the truck is paid its minimum.",
        ],
        action: { label: 'Open your event', url },
      });
    case 'declined':
      return composeMail('guarantee-declined', `Your guarantee could not be charged: ${event.title}`, {
        paragraphs: [
          `${title(event)} started short of its goal, and charging your saved card ${amount} failed: "${news.message}"`,
          'The event is cancelled as all-or-nothing: every diner is told, their holds are released and any charges refunded in full.',
        ],
      });
  }
}

function truckMail(news: Extract<GuaranteeNews, { kind: 'charged' }>, event: EventRow) {
  return composeMail('guarantee-covered', `Your minimum is covered: ${event.title}`, {
    paragraphs: [
      `${title(event)} started short of its goal. The organizer guaranteed your minimum, and their card was charged the ${formatCents(news.amountCents)} shortfall.`,
      `The event goes ahead: diners' cards are charged, and your payout counts the ${formatCents(news.amountCents)} from the organizer toward your ${formatCents(event.minimumSales)} minimum.`,
    ],
  });
}

/** Tells the organizer (and, when the guarantee paid, the truck) in the transaction that made the news. */
export async function mailGuaranteeNews(tx: Tx, event: EventRow, news: GuaranteeNews, baseUrl: string) {
  const parties = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [event.organizerId, event.foodTruckId]));
  const organizer = parties.find((u) => u.id === event.organizerId);
  const truck = parties.find((u) => u.id === event.foodTruckId);
  const send = async (to: UserRow | undefined, mail: ReturnType<typeof composeMail>) => {
    if (!to?.contactEmail) return;
    await enqueueMail(tx, {
      to: to.contactEmail,
      recipient: { userId: to.id, topic: 'event-outcomes' },
      thread: `guarantee:${event.id}`,
      ...mail,
    });
  };
  await send(organizer, organizerMail(news, event, baseUrl));
  if (news.kind === 'charged') await send(truck, truckMail(news, event));
}
