import { isLinkSignature, signLink } from '../access/link-signature';

/** What a reminder request's link signs: the request, and that it is a reminder's. */
const purpose = (requestId: number) => `reminder:${requestId}`;

/** The link in a reminder confirmation mail: the request's id, signed, so only its mailbox can confirm. */
export function createReminderToken(secret: string, requestId: number): string {
  return `${requestId}.${signLink(secret, purpose(requestId))}`;
}

export function readReminderToken(secret: string, token: string): number | null {
  const [idPart, signature] = token.split('.');
  if (!idPart || !signature || !/^\d{1,9}$/.test(idPart)) return null;
  return isLinkSignature(secret, purpose(Number(idPart)), signature) ? Number(idPart) : null;
}
