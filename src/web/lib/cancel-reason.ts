/** Why an event was cancelled, in words, from the code the server records (expired, organizer, truck, unfunded). */
const CANCEL_REASONS: Record<string, string> = {
  expired: 'The food truck did not answer in time, so the request expired.',
  organizer: 'The organizer cancelled this event.',
  truck: 'The food truck called this event off.',
  unfunded: 'Pre-orders did not reach the goal by the start time. No card was charged.',
};

export function describeCancelReason(code: string | null | undefined): string | null {
  if (!code) return null;
  return CANCEL_REASONS[code] ?? code;
}
