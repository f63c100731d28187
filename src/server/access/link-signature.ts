import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature in a link mailed to someone (a receipt, a review, a reminder, an unsubscribe): the
 * HMAC of what the link is for, so it opens that and nothing else, and can't be forged without the
 * secret. Each kind of link names its purpose in `message` (`order:<id>`, `review:<id>`, …), so one
 * kind's signature never opens another.
 */
export function signLink(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('base64url');
}

/** Whether `signature` is the link's signature of `message`, compared in constant time. */
export function isLinkSignature(secret: string, message: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signLink(secret, message));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
