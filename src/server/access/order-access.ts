import { isLinkSignature, signLink } from './link-signature';

/**
 * Knowing a diner's e-mail or PaymentIntent id is not enough to see or cancel their order: the
 * browser session that placed it is, and so is the signed link in their receipt.
 */
export function signOrderToken(secret: string, orderId: number): string {
  return signLink(secret, `order:${orderId}`);
}

export function isValidOrderToken(secret: string, orderId: number, token: string | undefined): boolean {
  return isLinkSignature(secret, `order:${orderId}`, token);
}

export function canAccessOrder(
  order: { id: number; ownerSessionKey: string | null },
  access: { visitorKey: string | undefined; token: string | undefined; secret: string },
): boolean {
  if (access.visitorKey && order.ownerSessionKey === access.visitorKey) return true;
  return isValidOrderToken(access.secret, order.id, access.token);
}

/** The link in a receipt: the event page, opened on this order. */
export function orderLink(baseUrl: string, secret: string, order: { id: number; eventId: number }): string {
  return `${baseUrl}/events/public/${order.eventId}?order=${order.id}&token=${signOrderToken(secret, order.id)}`;
}

/** The diner's confirmation page of this order, openable in any browser through its token. */
export function receiptLink(baseUrl: string, secret: string, order: { id: number; eventId: number }): string {
  return `${baseUrl}/events/public/${order.eventId}/orders/${order.id}?token=${signOrderToken(secret, order.id)}`;
}
