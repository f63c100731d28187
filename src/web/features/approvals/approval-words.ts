import type { Translate } from '@web/lib/i18n';
import { describeEventTimes } from '@web/lib/event-time';

/*
 * The truck's side of the words the events feature also writes (src/web/features/events/event-words.ts):
 * features do not import each other, so the two small helpers are repeated here over the same keys.
 */

/** "Sat, Dec 5, 2026, 6:00 PM CST – 9:00 PM CST at Riverside Park" in the page's language. */
export function describePlan(
  t: Translate,
  plan: { startsAt: string; endsAt: string; location: string },
  timeZone: string,
): string {
  const { date, timeRange } = describeEventTimes({ startsAt: plan.startsAt, endsAt: plan.endsAt, timeZone });
  return t('events.plan', { date, timeRange, location: plan.location });
}

const CANCEL_CODES = ['expired', 'organizer', 'truck', 'admin', 'unfunded'];

/** Why a request's event was cancelled, from the code the server records; an unknown code as it is. */
export function describeCancel(t: Translate, code: string | null | undefined): string | null {
  if (!code) return null;
  return CANCEL_CODES.includes(code) ? t(`events.cancelReason.${code}`) : code;
}
