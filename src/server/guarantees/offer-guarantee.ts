import { eq } from 'drizzle-orm';
import { goalWithinGuarantee, mayOfferGuarantee } from '../../core/host-guarantee';
import type { Currency } from '../../core/currency';
import type { Language } from '../../core/language';
import { formatCents } from '../../core/money';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { eventGuarantees } from '../db/schema';
import { DomainError } from '../domain-error';
import { lockEventOf } from '../events/event-party';
import { findGuarantee, toGuaranteeDto } from './guarantee-queries';

type Ctx = Pick<AppContext, 'db' | 'now' | 'payments'>;

/**
 * The organizer offers to guarantee the truck's minimum, before the truck answers: a row for the event
 * (its commitment is the goal asked for), then a customer and a SetupIntent at the provider with keys
 * derived from the row, so a double click or a retry makes one. The answer's client secret is
 * confirmed by the card form, as a save-mode diner's is.
 */
export async function offerGuarantee(
  ctx: Ctx,
  organizerId: number,
  eventId: number,
  language: Language = 'en',
) {
  const now = ctx.now();
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    const event = await lockEventOf(
      tx,
      eventId,
      { organizerId },
      'Only the organizer of this event can guarantee it',
    );
    const [existing] = await tx
      .select()
      .from(eventGuarantees)
      .where(eq(eventGuarantees.eventId, eventId))
      .for('update');
    if (existing && ['saved', 'charging', 'charged'].includes(existing.status)) {
      throw new DomainError('guarantee_in_place', "This event's guarantee is already in place");
    }
    if (!mayOfferGuarantee(event.status, now, event.startsAt)) {
      throw new DomainError(
        'guarantee_too_late',
        'The truck has already answered: a guarantee is offered before the truck decides',
      );
    }
    // Only a card still being saved is taken up again; any other row ended with the truck's answer.
    if (existing) return { row: existing, currency: event.currency };
    const [created] = await tx
      .insert(eventGuarantees)
      .values({ eventId, organizerId, capCents: event.minimumSales, createdAt: now, updatedAt: now })
      .returning();
    return { row: created!, currency: event.currency };
  });
  const metadata = { guaranteeEventId: String(eventId), eventId: String(eventId) };
  const customer = row.stripeCustomerId
    ? { id: row.stripeCustomerId }
    : await ctx.payments.createCustomer({ metadata, idempotencyKey: `guarantee-customer:${row.id}` });
  const setup = await ctx.payments.createSetupIntent({
    customer: customer.id,
    usage: 'off_session',
    metadata,
    idempotencyKey: `guarantee-setup:${row.id}`,
  });
  const [updated] = await ctx.db
    .update(eventGuarantees)
    .set({ stripeCustomerId: customer.id, stripeSetupIntentId: setup.id, updatedAt: now })
    .where(eq(eventGuarantees.id, row.id))
    .returning();
  return { clientSecret: setup.clientSecret!, guarantee: toGuaranteeDto(updated, currency, language) };
}

/**
 * The truck's acceptance of a guaranteed event: its goal may not exceed what the organizer committed
 * to. Under the event's lock (the caller's), so a card saved meanwhile is seen.
 */
export async function assertGoalWithinGuarantee(
  tx: DbOrTx,
  eventId: number,
  goalCents: number,
  currency: Currency,
) {
  const row = await findGuarantee(tx, eventId);
  if (row && !goalWithinGuarantee(row, goalCents)) {
    const cap = formatCents(row.capCents, currency);
    throw new DomainError(
      'goal_above_guarantee',
      `The organizer guaranteed a goal of up to ${cap}. Set the goal at ${cap} or less, or decline.`,
      { fields: { minimumSales: `At most ${cap}: the organizer's guarantee` } },
    );
  }
}
