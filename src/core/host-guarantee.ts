/**
 * The host's guarantee (docs/decisions/224-the-host-guarantees-the-minimum.md): an organizer who would
 * rather pay the shortfall than see the event called off saves a card before the truck decides (a
 * SetupIntent, as a save-mode diner does). 48 hours before the start they are told what they may pay;
 * at the start, if the food sold is short of the goal, their card is charged the shortfall off-session,
 * once, under `guarantee:<eventId>`, and the event goes ahead as funded; a refused charge falls back to
 * all-or-nothing. Decided here without touching anything; `src/server/guarantees/` carries it out.
 */
import { asCurrency, type Currency } from './currency';
import { currencyLimits } from './currency-limits';
import type { EventStatus } from './event-status';

export const GUARANTEE_STATUSES = [
  /** The SetupIntent is made; the organizer has not saved the card yet. */
  'saving',
  /** The card is saved: the organizer guarantees the goal up to `capCents`. */
  'saved',
  /** At the start, the shortfall is being charged (claimed, amount fixed). */
  'charging',
  'charged',
  /** The charge was refused: the event fell back to all-or-nothing. */
  'declined',
  /** Diners reached the goal (or the event ended otherwise): nothing to charge. */
  'not_needed',
  /** The card was saved too late (the truck had already answered) or the organizer withdrew. */
  'withdrawn',
] as const;
export type GuaranteeStatus = (typeof GUARANTEE_STATUSES)[number];

// Stripe charges at least its minimum in the event's currency (50 cents in usd, 30 pence, ¥50;
// src/core/currency-limits.ts): a smaller shortfall is charged as that minimum, all the truck's.
/** When the organizer is told what they may pay. */
export const GUARANTEE_NOTICE_LEAD_MS = 48 * 60 * 60 * 1000;

/** Statuses in which the guarantee still stands between the event and its call-off at the start. */
export const STANDING_GUARANTEE_STATUSES: readonly GuaranteeStatus[] = ['saved', 'charging'];

/** The idempotency key of the one charge a guarantee can make. */
export function guaranteeChargeKey(eventId: number): string {
  return `guarantee:${eventId}`;
}

/** An organizer may offer a guarantee only while the truck has not answered and the event is ahead. */
export function mayOfferGuarantee(status: EventStatus, now: Date, startsAt: Date): boolean {
  return status === 'pending_approval' && now < startsAt;
}

/**
 * What the organizer's card pays: the food short of the goal, at least the provider's minimum charge in
 * the event's currency, 0 when none.
 */
export function guaranteeShortfall(goalCents: number, salesCents: number, currency: Currency): number {
  const short = goalCents - salesCents;
  if (short <= 0) return 0;
  return Math.max(short, currencyLimits(currency).minCharge);
}

/** The truck may not accept a guaranteed event with a goal above what the organizer committed to. */
export function goalWithinGuarantee(
  guarantee: { status: GuaranteeStatus; capCents: number } | null,
  goalCents: number,
) {
  if (!guarantee || guarantee.status !== 'saved') return true;
  return goalCents <= guarantee.capCents;
}

export interface GuaranteeState {
  guarantee: {
    eventId: number;
    status: GuaranteeStatus;
    paymentMethodId: string | null;
    customerId: string | null;
    noticeSentAt: Date | null;
    /** The amount fixed when the charge was claimed: a replay charges the same. */
    amountCents: number | null;
  };
  event: {
    status: EventStatus;
    startsAt: Date;
    currentSalesCents: number;
    minimumSalesCents: number;
    /** ISO 4217, as the event keeps it ("USD"). */
    currency: string;
  };
  now: Date;
}

export type NoticePlan = { kind: 'none' } | { kind: 'notice'; amountCents: number };

/**
 * 48 hours before the start, once: the organizer is mailed what they may pay now (the shortfall as it
 * stands). Not when diners have already reached the goal, nor once the event has started.
 */
export function planGuaranteeNotice({ guarantee, event, now }: GuaranteeState): NoticePlan {
  if (guarantee.status !== 'saved' || guarantee.noticeSentAt) return { kind: 'none' };
  if (event.status !== 'approved') return { kind: 'none' };
  const opens = event.startsAt.getTime() - GUARANTEE_NOTICE_LEAD_MS;
  if (now.getTime() < opens || now >= event.startsAt) return { kind: 'none' };
  const amountCents = guaranteeShortfall(
    event.minimumSalesCents,
    event.currentSalesCents,
    asCurrency(event.currency),
  );
  return amountCents > 0 ? { kind: 'notice', amountCents } : { kind: 'none' };
}

export interface GuaranteeChargeRequest {
  amount: number;
  /** Lower case, as the provider wants it. */
  currency: string;
  captureMethod: 'automatic';
  customer: string | undefined;
  paymentMethod: string;
  offSession: true;
  confirm: true;
  description: string;
  metadata: { guaranteeEventId: string; eventId: string };
  idempotencyKey: string;
}

export type StartPlan =
  /** Not the start yet, or not this guarantee's business. */
  | { kind: 'wait' }
  /** Diners reached the goal, or the event ended without it: the guarantee is not used. */
  | { kind: 'not-needed' }
  /** Charge the shortfall (the amount is stored with the claim, so a replay asks the same). */
  | { kind: 'charge'; amountCents: number; request: GuaranteeChargeRequest };

/**
 * At the start: an event still short of its goal charges the organizer's saved card the shortfall; an
 * event already funded or no longer live does not use the guarantee. A claim taken over after a crash
 * (`charging`) replays the amount it fixed.
 */
export function planGuaranteeAtStart({ guarantee, event, now }: GuaranteeState): StartPlan {
  if (!STANDING_GUARANTEE_STATUSES.includes(guarantee.status)) return { kind: 'wait' };
  if (now < event.startsAt) return { kind: 'wait' };
  const replay = guarantee.status === 'charging' && guarantee.amountCents !== null;
  if (!replay && event.status !== 'approved') return { kind: 'not-needed' };
  const amountCents = replay
    ? guarantee.amountCents!
    : guaranteeShortfall(event.minimumSalesCents, event.currentSalesCents, asCurrency(event.currency));
  if (amountCents === 0 || !guarantee.paymentMethodId) return { kind: 'not-needed' };
  return {
    kind: 'charge',
    amountCents,
    request: {
      amount: amountCents,
      currency: event.currency.toLowerCase(),
      captureMethod: 'automatic',
      customer: guarantee.customerId ?? undefined,
      paymentMethod: guarantee.paymentMethodId,
      offSession: true,
      confirm: true,
      description: `Host guarantee for event #${guarantee.eventId}`,
      metadata: { guaranteeEventId: String(guarantee.eventId), eventId: String(guarantee.eventId) },
      idempotencyKey: guaranteeChargeKey(guarantee.eventId),
    },
  };
}

export type ChargeOutcome =
  { kind: 'charged'; paymentIntentId: string } | { kind: 'declined'; message: string };

export type RecordPlan =
  /** The event goes ahead as funded: approved → processing, the diners' holds are charged. */
  | { kind: 'fund'; eventTo: 'processing'; guaranteeTo: 'charged' }
  /** Charged, but the event is already funded (a replay) or was called off meanwhile: keep or give back. */
  | { kind: 'charged-only'; refund: boolean }
  /** All-or-nothing applies: the event is cancelled as unfunded and everyone told. */
  | { kind: 'fall-back'; eventTo: 'cancelled' | null; guaranteeTo: 'declined' };

/** What the provider's answer means, read under the event's lock. */
export function planGuaranteeRecord(outcome: ChargeOutcome, eventStatus: EventStatus): RecordPlan {
  if (outcome.kind === 'declined') {
    return {
      kind: 'fall-back',
      eventTo: eventStatus === 'approved' ? 'cancelled' : null,
      guaranteeTo: 'declined',
    };
  }
  if (eventStatus === 'approved') return { kind: 'fund', eventTo: 'processing', guaranteeTo: 'charged' };
  // Funded by the guarantee already (a replay) or by diners: the money stays; called off: it goes back.
  return { kind: 'charged-only', refund: !['processing', 'confirmed', 'closed'].includes(eventStatus) };
}

/** What the truck reads when it decides: the organizer's commitment in words. */
export function guaranteeCommitment(capCents: number, formatCents: (cents: number) => string): string {
  return `Guaranteed: the organizer's saved card pays any shortfall at the start, up to ${formatCents(capCents)}.`;
}

/**
 * The guarantee's charge in the event's ledger (docs/decisions/225-the-guarantee-in-the-ledger.md): the
 * organizer paid it, and all of it is the truck's share, which it makes up to the minimum; the platform
 * takes no fee from it. What was given back (a charge that landed after a call-off) is refunded from it.
 */
export function ledgerWithGuarantee<
  L extends {
    grossCents: number;
    refundedCents: number;
    shares: { truck: number };
    grossShares: { truck: number };
  },
>(ledger: L, charge: { chargedCents: number; refundedCents: number } | undefined): L {
  if (!charge || charge.chargedCents === 0) return ledger;
  const refunded = Math.min(charge.refundedCents, charge.chargedCents);
  return {
    ...ledger,
    grossCents: ledger.grossCents + charge.chargedCents,
    refundedCents: ledger.refundedCents + refunded,
    grossShares: { ...ledger.grossShares, truck: ledger.grossShares.truck + charge.chargedCents },
    shares: { ...ledger.shares, truck: ledger.shares.truck + charge.chargedCents - refunded },
    guarantee: { chargedCents: charge.chargedCents, keptCents: charge.chargedCents - refunded },
  };
}
