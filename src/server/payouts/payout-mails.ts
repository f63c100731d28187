import { eq } from 'drizzle-orm';
import { formatCents } from '../../core/money';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { events, payouts, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { publicBaseUrl } from '../http/public-url';
import { renderMail } from '../outbox/templates';
import { loadEventLedger } from './load-event-ledgers';

/** What the payee is told of their payouts, each mail written in the transaction that records why. */
type PayoutRow = typeof payouts.$inferSelect;
type Tx = DbOrTx;

async function recipientOf(tx: Tx, payout: PayoutRow) {
  const [row] = await tx
    .select({
      email: users.contactEmail,
      name: users.businessName,
      username: users.username,
      title: events.title,
    })
    .from(users)
    .innerJoin(events, eq(events.id, payout.eventId))
    .where(eq(users.id, payout.recipientId));
  return row;
}

/** Mailed with the record of the transfer (the same transaction): the party knows its money is on its way. */
export async function tellRecipientPayoutSent(tx: Tx, payout: PayoutRow): Promise<void> {
  const row = await recipientOf(tx, payout);
  if (!row?.email) return;
  await enqueueMail(tx, {
    kind: 'payout-sent',
    to: row.email,
    recipient: { userId: payout.recipientId, topic: 'payouts' },
    subject: `Payout sent: ${formatCents(payout.transferredAmount)} for ${row.title}`,
    ...renderMail({
      greeting: `Hi ${row.name ?? row.username},`,
      paragraphs: [
        `Your share of "${row.title}", ${formatCents(payout.transferredAmount)}, was sent to your payout account.`,
        'It usually reaches your bank within a few business days.',
      ],
      footer: 'You receive this because you take part in events on Food Truck Fund.',
    }),
  });
}

/** Mailed once per reason: the party learns its money waits, and what to do. */
export async function tellRecipientPayoutWaits(
  config: AppContext['config'],
  tx: Tx,
  payout: PayoutRow,
  reason: string,
): Promise<void> {
  const row = await recipientOf(tx, payout);
  if (!row?.email) return;
  const ledger = await loadEventLedger(tx, payout.eventId);
  await enqueueMail(tx, {
    kind: 'payout-waiting',
    to: row.email,
    recipient: { userId: payout.recipientId, topic: 'payouts' },
    subject: `Your payout for ${row.title} is waiting`,
    ...renderMail({
      greeting: `Hi ${row.name ?? row.username},`,
      paragraphs: [
        `Your share of "${row.title}" (${formatCents(ledger.shares[payout.party])}) is ready to be paid, but it can't be sent yet: ${reason.toLowerCase()}.`,
        'Connect your payout account and the money goes out right after.',
      ],
      action: { label: 'Set up payouts', url: `${publicBaseUrl(config)}/payouts` },
      footer: 'You receive this because you take part in events on Food Truck Fund.',
    }),
  });
}
