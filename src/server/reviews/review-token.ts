import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signed part of a diner's review link: it opens the review of this order and nothing else. */
export function signReviewToken(secret: string, orderId: number): string {
  return createHmac('sha256', secret).update(`review:${orderId}`).digest('base64url');
}

export function isValidReviewToken(secret: string, orderId: number, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(signReviewToken(secret, orderId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function reviewLink(baseUrl: string, secret: string, orderId: number): string {
  return `${baseUrl}/review?order=${orderId}&token=${signReviewToken(secret, orderId)}`;
}
