/** Why an event was cancelled, in words, from the code the server records (expired, organizer, truck, unfunded). */
const CANCEL_REASONS: Record<string, string> = {
  expired: 'The food truck did not answer in time, so the request expired.',
  organizer: 'The organizer cancelled this event.',
  truck: 'The food truck called this event off.',
  admin: 'Food Truck Fund called this event off.',
  unfunded: 'Pre-orders did not reach the goal by the start time. No card was charged.',
};

/** After the start (cut short): collected orders stayed charged, the rest was released or refunded. */
const CUT_SHORT_REASONS: Record<string, string> = {
  organizer: 'The organizer ended this event early. Collected orders stay charged; the rest were refunded.',
  truck: 'The food truck ended this event early. Collected orders stay charged; the rest were refunded.',
  admin: 'Food Truck Fund ended this event early. Collected orders stay charged; the rest were refunded.',
};

export function describeCancelReason(code: string | null | undefined, cutShort = false): string | null {
  if (!code) return null;
  return (cutShort ? CUT_SHORT_REASONS[code] : undefined) ?? CANCEL_REASONS[code] ?? code;
}
