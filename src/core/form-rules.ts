/*
 * The rules and messages a form needs while the visitor types, without Zod: the public event page
 * shows them before anyone interacts, and Zod (about 25 KB gzip) is loaded only when a form is sent
 * (decision 091). The Zod schemas in `schemas/` re-export these, so each rule is written once.
 */

export const MISSING_INFORMATION = 'Please provide both your name and email address';
export const INVALID_EMAIL = 'Please provide a valid email address';
/** The largest order the platform takes: $999,999.99, in cents. */
export const MAX_ORDER_CENTS = 99_999_999;
export const ORDER_TOO_LARGE = 'An order can be at most $999,999.99';
export const EMPTY_CART = 'Please add items to your cart before checking out';
export const UPDATE_MAX_LENGTH = 1000;

/** Zod 4's own e-mail pattern (`z.email()`), so this check and the schemas agree. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address the checkout would take (trimmed, at most 254 characters). */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}
