import { eq } from 'drizzle-orm';
import type { GatewaySetupIntent } from '../adapters/payments/payment-gateway';
import type { AppContext } from '../context';
import { eventGuarantees } from '../db/schema';
import { lockEvent } from '../engine/locks';
import { findGuarantee } from './guarantee-queries';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'>;

/**
 * A guarantee's SetupIntent as the provider has it now (the card form's sync, the webhook, or the
 * simulator's event): once it succeeded, the card is saved and the guarantee stands, if the truck has
 * not answered yet; saved after the truck answered, it never stood (the truck decided without it).
 * Under the event's lock, so the truck's answer and the card's saving are ordered.
 */
export async function applyGuaranteeSetup(ctx: Ctx, intent: GatewaySetupIntent): Promise<void> {
  if (intent.status !== 'succeeded') return;
  const [found] = await ctx.db
    .select({ id: eventGuarantees.id, eventId: eventGuarantees.eventId })
    .from(eventGuarantees)
    .where(eq(eventGuarantees.stripeSetupIntentId, intent.id));
  if (!found) return;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, found.eventId);
    const [row] = await tx
      .select()
      .from(eventGuarantees)
      .where(eq(eventGuarantees.id, found.id))
      .for('update');
    if (!event || !row || row.status !== 'saving') return;
    const inTime = event.status === 'pending_approval' && now < event.startsAt;
    await tx
      .update(eventGuarantees)
      .set({
        status: inTime ? 'saved' : 'withdrawn',
        stripePaymentMethodId: intent.paymentMethod,
        stripeCustomerId: intent.customer ?? row.stripeCustomerId,
        savedAt: now,
        updatedAt: now,
      })
      .where(eq(eventGuarantees.id, row.id));
  });
}

/** The card form's call right after confirming: asks the provider and applies what it says. */
export async function syncGuarantee(ctx: Ctx, eventId: number) {
  const row = await findGuarantee(ctx.db, eventId);
  if (row?.stripeSetupIntentId && row.status === 'saving') {
    await applyGuaranteeSetup(ctx, await ctx.payments.retrieveSetupIntent(row.stripeSetupIntentId));
  }
  return findGuarantee(ctx.db, eventId);
}
