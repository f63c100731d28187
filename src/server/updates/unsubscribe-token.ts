import { isLinkSignature, signLink } from '../access/link-signature';

/**
 * The signed part of an unsubscribe link: it names an event and an address, so following it needs
 * no sign-in and can't be forged for someone else's address.
 */
const purpose = (eventId: number, email: string) => `unsubscribe:${eventId}:${email}`;

export function createUnsubscribeToken(secret: string, eventId: number, email: string): string {
  const address = email.trim().toLowerCase();
  const signature = signLink(secret, purpose(eventId, address));
  return `${eventId}.${Buffer.from(address).toString('base64url')}.${signature}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { eventId: number; email: string } | null {
  const [idPart, emailPart, signature] = token.split('.');
  if (!idPart || !emailPart || !signature || !/^\d{1,9}$/.test(idPart)) return null;
  const eventId = Number(idPart);
  const email = Buffer.from(emailPart, 'base64url').toString('utf8');
  if (!isLinkSignature(secret, purpose(eventId, email), signature)) return null;
  return { eventId, email };
}
