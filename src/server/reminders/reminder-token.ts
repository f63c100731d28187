import { createHmac, timingSafeEqual } from 'node:crypto';

/** The link in a reminder confirmation mail: the request's id, signed, so only its mailbox can confirm. */
function sign(secret: string, requestId: number): string {
  return createHmac('sha256', secret).update(`reminder:${requestId}`).digest('base64url');
}

export function createReminderToken(secret: string, requestId: number): string {
  return `${requestId}.${sign(secret, requestId)}`;
}

export function readReminderToken(secret: string, token: string): number | null {
  const [idPart, signature] = token.split('.');
  if (!idPart || !signature || !/^\d{1,9}$/.test(idPart)) return null;
  const expected = Buffer.from(sign(secret, Number(idPart)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(idPart) : null;
}
