/** What a scanned receipt QR code means on one event's event-day screen. */
export type ScannedCode =
  | { kind: 'code'; code: string }
  | { kind: 'other-event'; eventId: number; code: string }
  | { kind: 'unknown' };

const CODE = /^[A-Z0-9]{4,12}$/;

/**
 * Reads the text of a scanned QR code (decision 157). A receipt's code holds the truck's event-day link,
 * `…/bookings/{eventId}/day?code=K7Q2M`; a bare pickup code is taken too. Any other text is not ours.
 */
export function readScannedCode(text: string, eventId: number): ScannedCode {
  const trimmed = text.trim();
  if (CODE.test(trimmed.toUpperCase())) return { kind: 'code', code: trimmed.toUpperCase() };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { kind: 'unknown' };
  }
  const match = /^\/bookings\/(\d+)\/day\/?$/.exec(url.pathname);
  const code = url.searchParams.get('code')?.trim().toUpperCase() ?? '';
  if (!match || !CODE.test(code)) return { kind: 'unknown' };
  const scannedEvent = Number(match[1]);
  return scannedEvent === eventId
    ? { kind: 'code', code }
    : { kind: 'other-event', eventId: scannedEvent, code };
}
