/**
 * A refund the payment provider refuses (docs/decisions/213-refused-refunds-end-with-an-admin.md): tried
 * again with a backoff that doubles, a bounded number of times, then left in one final state for an
 * admin to settle. The provider's reason is said in plain words to the truck and the admin.
 */

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
const REASONS: Record<string, string> = {
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

/** The provider's reason in plain words; an unknown one is named as it came. */
export function refusalInWords(code: string | null | undefined): string {
  if (!code || code === 'unknown') return 'the payment provider refused it without saying why';
  return REASONS[code] ?? `the payment provider refused it (${code.replace(/[^a-z0-9_]/gi, '')})`;
}
