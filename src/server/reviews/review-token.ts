import { isLinkSignature, signLink } from '../access/link-signature';

/** The signed part of a diner's review link: it opens the review of this order and nothing else. */
export function signReviewToken(secret: string, orderId: number): string {
  return signLink(secret, `review:${orderId}`);
}

export function isValidReviewToken(secret: string, orderId: number, token: string | undefined): boolean {
  return isLinkSignature(secret, `review:${orderId}`, token);
}

export function reviewLink(baseUrl: string, secret: string, orderId: number): string {
  return `${baseUrl}/review?order=${orderId}&token=${signReviewToken(secret, orderId)}`;
}
