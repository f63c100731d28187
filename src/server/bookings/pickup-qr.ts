/**
 * What a receipt's QR code holds: the truck's event-day screen opened on this pickup code, so a truck
 * that scans it with a phone camera lands on the order (docs/decisions/030-pickup-codes.md).
 */
export function pickupScanUrl(baseUrl: string, eventId: number, code: string): string {
  return `${baseUrl}/bookings/${eventId}/day?code=${encodeURIComponent(code)}`;
}

/** Where a receipt loads its QR picture from. */
export function pickupQrImageUrl(baseUrl: string, eventId: number, code: string): string {
  return `${baseUrl}/api/events/${eventId}/pickup-qr?code=${encodeURIComponent(code)}`;
}

/** The QR encoder is loaded with the first picture asked for, not at start (decision 107). */
export async function renderPickupQrPng(text: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
