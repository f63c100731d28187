/**
 * How long a claim on a unit of provider work (a capture, a refund) is its holder's without renewal.
 * The holder renews it every third of that while it works, so a crashed instance's claims are taken
 * over within this time, and a slow provider call never loses its claim to another instance.
 */
export const CLAIM_LEASE_MS = 8_000;
export const CLAIM_RENEW_MS = CLAIM_LEASE_MS / 3;

/** Calls `renew` every CLAIM_RENEW_MS until the returned function is called. */
export function keepRenewing(renew: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void renew().catch(onError), CLAIM_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
