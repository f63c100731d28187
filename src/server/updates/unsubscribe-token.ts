import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed part of an unsubscribe link: it names an event and an address, so following it needs
 * no sign-in and can't be forged for someone else's address.
 */
function sign(secret: string, eventId: number, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${eventId}:${email}`).digest('base64url');
}

export function createUnsubscribeToken(secret: string, eventId: number, email: string): string {
  const address = email.trim().toLowerCase();
  return `${eventId}.${Buffer.from(address).toString('base64url')}.${sign(secret, eventId, address)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { eventId: number; email: string } | null {
  const [idPart, emailPart, signature] = token.split('.');
  if (!idPart || !emailPart || !signature || !/^\d{1,9}$/.test(idPart)) return null;
  const eventId = Number(idPart);
  const email = Buffer.from(emailPart, 'base64url').toString('utf8');
  const expected = Buffer.from(sign(secret, eventId, email));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { eventId, email };
}
