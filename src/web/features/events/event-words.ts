import type { Translate } from '@web/lib/i18n';
import { describeEventTimes } from '@web/lib/event-time';

/**
 * "Sat, Dec 5, 2026, 6:00 PM CST – 9:00 PM CST at Riverside Park" in the page's language: a date,
 * times and place in the event's zone (the words around them from the app catalog's `events.plan`).
 */
export function describePlan(
  t: Translate,
  plan: { startsAt: string; endsAt: string; location: string },
  timeZone: string,
): string {
  const { date, timeRange } = describeEventTimes({ startsAt: plan.startsAt, endsAt: plan.endsAt, timeZone });
  return t('events.plan', { date, timeRange, location: plan.location });
}

const CANCEL_CODES = ['expired', 'organizer', 'truck', 'admin', 'unfunded'];
const CUT_SHORT_CODES = ['organizer', 'truck', 'admin'];

/**
 * Why an event was cancelled or cut short, in the page's language, from the code the server records
 * (the words of src/web/lib/cancel-reason.ts); a code it does not know is shown as it is.
 */
export function describeCancel(
  t: Translate,
  code: string | null | undefined,
  cutShort = false,
): string | null {
  if (!code) return null;
  if (cutShort && CUT_SHORT_CODES.includes(code)) return t(`events.cutShortReason.${code}`);
  return CANCEL_CODES.includes(code) ? t(`events.cancelReason.${code}`) : code;
}
