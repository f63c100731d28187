/**
 * A refund the payment provider refuses (docs/decisions/213-refused-refunds-end-with-an-admin.md): tried
 * again with a backoff that doubles, a bounded number of times, then left in one final state for an
 * admin to settle. The provider's reason is said in plain words to the truck and the admin.
 */
import { planOrderMove, type OrderPlan, type OrderState } from './status-plan';

/** Tries in all before a refused refund waits for an admin: the first, then 4 more after 1, 2, 4, 8 hours. */
export const REFUND_TRIES = 5;
const FIRST_RETRY_MS = 60 * 60 * 1000;

/**
 * When to try a refused refund again, after `refusals` refusals in all (this one counted): a delay
 * doubling from an hour, or `null` when it has been refused `REFUND_TRIES` times and an admin must
 * settle it. So a refused refund is given up at most 15 hours after its first refusal.
 */
export function nextRefundTry(refusals: number, now: Date): Date | null {
  if (refusals >= REFUND_TRIES) return null;
  return new Date(now.getTime() + FIRST_RETRY_MS * 2 ** Math.max(0, refusals - 1));
}

/** How an admin settles a refund the provider would not make. */
export const REFUND_SETTLEMENTS = ['retry', 'refunded_elsewhere', 'close'] as const;
export type RefundSettlement = (typeof REFUND_SETTLEMENTS)[number];

/**
 * The provider's reasons (Stripe's refund `failure_reason`, or the code of an error it answered the
 * request with) in words a truck can read: what happened, not what to type.
 */
export const REFUSAL_WORDS: Record<string, string> = {
  lost_or_stolen_card: 'the diner’s card was reported lost or stolen',
  expired_or_canceled_card: 'the diner’s card has expired or was cancelled',
  charge_for_pending_refund_disputed: 'the diner disputed the charge with their bank',
  charge_disputed:
    'the diner disputed the charge with their bank, so it can’t be refunded while the dispute is open',
  insufficient_funds: 'the platform’s balance at the payment provider was too low to make the refund',
  balance_insufficient: 'the platform’s balance at the payment provider was too low to make the refund',
  declined: 'the diner’s bank declined the refund',
  merchant_request: 'the refund was cancelled at the payment provider',
  charge_already_refunded: 'the charge had already been refunded in full',
  amount_too_large: 'the payment provider says less is left on the charge than this refund asks for',
  charge_not_refundable: 'the payment provider says this charge can’t be refunded',
  resource_missing: 'the payment provider no longer knows this charge',
};

/** The words when the provider gave no reason. */
export const REFUSAL_WITHOUT_REASON = 'the payment provider refused it without saying why';

/** The provider's reason in plain words; an unknown one is named as it came. */
export function refusalInWords(code: string | null | undefined): string {
  if (!code || code === 'unknown') return REFUSAL_WITHOUT_REASON;
  return REFUSAL_WORDS[code] ?? `the payment provider refused it (${code.replace(/[^a-z0-9_]/gi, '')})`;
}

/**
 * What a correction's row records when the provider refused its refund (`words` from
 * `refusalInWords`), shown to the admins as it is, or read back into its parts for another language.
 */
export function correctionFailureText(words: string, retrying: boolean): string {
  return retrying
    ? `The refund to the card failed: ${words}. We are trying again.`
    : `The refund to the card failed: ${words}. Our team will settle it.`;
}

/** What the diner and the organizer read about a refund the provider could not make. */
export const REFUND_FAILED_TEXT = 'The refund to your card failed; we are trying again.';
/** …and once it was refused `REFUND_TRIES` times and waits for an admin. */
export const REFUND_GIVEN_UP_TEXT =
  'The refund to your card was refused by the card provider; our team will contact you to settle it.';

/** What the refusal planner knows of the order whose whole refund the provider refused, as locked. */
export interface RefusedRefundOrder extends OrderState {
  refundDueAt: Date | null;
  refundClaimedAt: Date | null;
  refundFailedAt: Date | null;
  refundGaveUpAt: Date | null;
  /** Refusals so far: this try's key is `refund:<id>` at 0, `refund:<id>:<n>` after. */
  refundAttempts: number;
  totalCents: number;
  /** What the truck's corrections took off: they refund it themselves. */
  correctedCents: number;
}

export interface RefundRefusalState {
  order: RefusedRefundOrder;
  /** What the corrections really gave back (made, or not refused yet): `countedCorrectionCents`. */
  countedCorrectionCents: number;
  /** The provider's reason (a refund's `failure_reason`, or the code of the error it answered). */
  failureReason: string | null | undefined;
  now: Date;
}

/** The order's columns a refused whole refund sets. */
export interface RefusedRefundPatch {
  refundDueAt: Date;
  refundClaimedAt: null;
  refundedAt: null;
  refundedAmount: number | null;
  refundFailedAt: Date;
  refundFailure: string;
  refundAttempts: number;
  refundGaveUpAt: Date | null;
}

export type RefundRefusalPlan =
  /** Nothing changes: the news is not this try's, not a whole refund's, or the refund was given up already. */
  | { kind: 'ignore'; why: 'no-refund' | 'counted' | 'correction' | 'given-up' }
  | {
      kind: 'refused';
      /** Tried again at `patch.refundDueAt`, or left for an admin (alerted either way). */
      outcome: 'retry' | 'given-up';
      /** A `refunded` order goes back to `charged` (owed back); a `charged` one only changes columns. */
      move: OrderPlan | null;
      patch: RefusedRefundPatch;
      /** The truck is told at the first refusal and when it is given up, not at the tries between. */
      truckMail: { amountCents: number; words: string; nextTry: Date | null } | null;
    };

/**
 * What the provider's refusal of an order's whole refund means (refused at once, or reported failed
 * later by `charge.refund.updated`; a failed refund never succeeds afterwards, so that news can't be
 * stale), decided on the order as locked with its event: the order is owed back again, `charged` with
 * its next try after the backoff (`nextRefundTry`) under a new key, shown as "refund failed", or given
 * up at the `REFUND_TRIES`-th refusal and left for an admin. `refund-due-orders.ts` carries it out.
 */
export function planRefundRefusal(state: RefundRefusalState): RefundRefusalPlan {
  const { order, now } = state;
  if (order.status !== 'charged' && order.status !== 'refunded') return { kind: 'ignore', why: 'no-refund' };
  // This try's news only: a try that already failed was counted, and a later try has its own key.
  if (order.status === 'charged' && order.refundFailedAt && order.refundClaimedAt === null) {
    return { kind: 'ignore', why: 'counted' };
  }
  // No whole refund under way: the news is a correction's, which `refund-corrections` handles.
  if (order.status === 'charged' && order.refundDueAt === null) return { kind: 'ignore', why: 'correction' };
  // Given up already: it waits for an admin, whatever else the provider says.
  if (order.refundGaveUpAt !== null) return { kind: 'ignore', why: 'given-up' };
  const refusals = order.refundAttempts + 1;
  const nextTry = nextRefundTry(refusals, now);
  const corrections = state.countedCorrectionCents;
  const patch: RefusedRefundPatch = {
    // Still owed back (the event's sales do not count it again); given up, it keeps its due time.
    refundDueAt: nextTry ?? order.refundDueAt ?? now,
    refundClaimedAt: null,
    refundedAt: null,
    // What the order really gave back: the corrections not refused, none of this refund.
    refundedAmount: corrections > 0 ? corrections : null,
    refundFailedAt: now,
    refundFailure: nextTry ? REFUND_FAILED_TEXT : REFUND_GIVEN_UP_TEXT,
    refundAttempts: refusals,
    refundGaveUpAt: nextTry ? null : now,
  };
  return {
    kind: 'refused',
    outcome: nextTry ? 'retry' : 'given-up',
    move:
      order.status === 'refunded'
        ? planOrderMove(order, 'charged', { at: now, reason: 'refund failed', refundDue: true })
        : null,
    patch,
    truckMail:
      order.refundAttempts === 0 || !nextTry
        ? {
            amountCents: order.totalCents - order.correctedCents,
            words: refusalInWords(state.failureReason),
            nextTry,
          }
        : null,
  };
}
