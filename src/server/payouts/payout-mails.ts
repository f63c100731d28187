import { eq } from 'drizzle-orm';
import { asCurrency } from '../../core/currency';
import { isLanguage, type Language } from '../../core/language';
import { formatCents } from '../../core/money';
import { ACCOUNT_INCOMPLETE_REASON, NO_ACCOUNT_REASON } from '../../core/payout-statement';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { events, payouts, users } from '../db/schema';
import { enqueueMail } from '../outbox/enqueue-mail';
import { publicBaseUrl } from '../http/public-url';
import { intlLocale, translator } from '../i18n';
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
      language: users.language,
    })
    .from(users)
    .innerJoin(events, eq(events.id, payout.eventId))
    .where(eq(users.id, payout.recipientId));
  if (!row) return row;
  // In the payee's saved language (decision 229), amounts in the event's currency.
  const language: Language = isLanguage(row.language) ? row.language : 'en';
  const t = translator(language);
  const locale = intlLocale(language);
  const money = (minor: number) => formatCents(minor, asCurrency(payout.currency), locale);
  return {
    ...row,
    language,
    t,
    money,
    greeting: t('mail:payout.greeting', { name: row.name ?? row.username }),
  };
}

/** The known reasons a payout waits, in the payee's words; another is passed as written. */
const REASON_KEYS: Record<string, string> = {
  [NO_ACCOUNT_REASON]: 'noAccount',
  [ACCOUNT_INCOMPLETE_REASON]: 'incomplete',
};

/** Mailed with the record of the transfer (the same transaction): the party knows its money is on its way. */
export async function tellRecipientPayoutSent(tx: Tx, payout: PayoutRow): Promise<void> {
  const row = await recipientOf(tx, payout);
  if (!row?.email) return;
  const { t, money, language, greeting } = row;
  await enqueueMail(tx, {
    kind: 'payout-sent',
    to: row.email,
    recipient: { userId: payout.recipientId, topic: 'payouts' },
    subject: t('mail:payout.sentSubject', { amount: money(payout.transferredAmount), title: row.title }),
    ...renderMail({
      language,
      greeting,
      paragraphs: [
        t('mail:payout.sent', { title: row.title, amount: money(payout.transferredAmount) }),
        t('mail:payout.reachesBank'),
      ],
      footer: t('mail:payout.footer'),
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
  const { t, money, language, greeting } = row;
  const reasonKey = REASON_KEYS[reason];
  await enqueueMail(tx, {
    kind: 'payout-waiting',
    to: row.email,
    recipient: { userId: payout.recipientId, topic: 'payouts' },
    subject: t('mail:payout.waitingSubject', { title: row.title }),
    ...renderMail({
      language,
      greeting,
      paragraphs: [
        t('mail:payout.waiting', {
          title: row.title,
          amount: money(ledger.shares[payout.party]),
          reason: reasonKey ? t(`mail:payout.reason.${reasonKey}`) : reason.toLowerCase(),
        }),
        t('mail:payout.connect'),
      ],
      action: { label: t('mail:payout.setUp'), url: `${publicBaseUrl(config)}/payouts` },
      footer: t('mail:payout.footer'),
    }),
  });
}
