import { calledOffSentence, wasCutShort } from '../../core/call-off';
import { isLanguage, type Language } from '../../core/language';
import type { events, pendingOrders } from '../db/schema';
import { intlLocale, translator } from '../i18n';

type OrderRow = typeof pendingOrders.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** The diner's words: every mail to them is in the language of their checkout (decision 228). */
export function wordsFor(order: Pick<OrderRow, 'language'>) {
  const language: Language = isLanguage(order.language) ? order.language : 'en';
  return { language, t: translator(language), locale: intlLocale(language) };
}
export type Words = ReturnType<typeof wordsFor>;

/** "“Taco Night” was cancelled by the organizer: “Rain.”", in the diner's language. */
export function calledOff(event: EventRow, { language, t }: Words): string {
  if (language === 'en') return calledOffSentence(event.title, event) ?? `"${event.title}" was cancelled.`;
  const cutShort = wasCutShort(event);
  const by = t(`mail:calledOff.by.${calledOffByKey(event)}`);
  return t(cutShort ? 'mail:calledOff.cutShort' : 'mail:calledOff.cancelled', {
    title: event.title,
    by,
    note: event.cancelNote ? `: «${event.cancelNote}»` : '.',
  });
}

export function calledOffByKey(
  event: Pick<EventRow, 'cancelledBy' | 'cancelReason'>,
): 'organizer' | 'truck' | 'admin' | 'unfunded' | 'expired' | 'us' {
  if (event.cancelledBy === 'organizer' || event.cancelledBy === 'truck' || event.cancelledBy === 'admin')
    return event.cancelledBy;
  if (event.cancelReason === 'unfunded' || event.cancelReason === 'expired') return event.cancelReason;
  return 'us';
}
