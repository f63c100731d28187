import { calledOffBy, type CallOffRecord } from '@core/call-off';
import type { NoticeKind } from '@core/event-story';
import { asCurrency } from '@core/currency';
import { currentLanguage, translate } from '@web/lib/i18n';
import type { Funding } from './event-state';
import { eventMoney } from '@web/lib/event-money';

export interface ClosedNotice {
  tone: 'info' | 'success' | 'warning';
  title: string;
  text: string;
}

/**
 * The words of the notice the state table (src/core/event-story.ts) puts above the page. Reaching
 * the goal is final for diners, but a charge can still fail after it (docs/decisions/015-money-engine.md):
 * until the fix window settles the event, the page says money is missing rather than "Goal reached!".
 */
export function describeClosedNotice(
  kind: Exclude<NoticeKind, null | 'taken-down'>,
  funding: Funding = { currentCents: 0, goalCents: 0 },
  callOff?: Pick<CallOffRecord, 'cancelledBy' | 'cancelReason' | 'cancelNote' | 'cutShortAt'>,
  /** The event's currency: the shortfall is said in it. */
  currency?: string | null,
): ClosedNotice {
  const shortfallCents = Math.max(0, funding.goalCents - funding.currentCents);
  switch (kind) {
    case 'pending':
      return {
        tone: 'info',
        title: translate('notice.pendingTitle'),
        text: translate('notice.pendingText'),
      };
    case 'shortfall':
      return {
        tone: 'warning',
        title: translate('notice.shortfallTitle'),
        text: translate('notice.shortfallText', {
          amount: eventMoney(asCurrency(currency), currentLanguage()).format(shortfallCents),
        }),
      };
    case 'under-way':
      return {
        tone: 'success',
        title: translate('notice.underWayTitle'),
        text: translate('notice.underWayText'),
      };
    case 'unfunded-started':
      return {
        tone: 'info',
        title: translate('notice.closedTitle'),
        text: translate('notice.unfundedStartedText'),
      };
    case 'failed':
      return {
        tone: 'warning',
        title: translate('notice.failedTitle'),
        text: translate('notice.failedText'),
      };
    case 'cut-short': {
      const by =
        currentLanguage() === 'en'
          ? callOff
            ? calledOffBy(callOff)
            : 'us'
          : translate(`notice.by.${callOff?.cancelledBy ?? 'us'}`);
      return {
        tone: 'warning',
        title: translate('notice.cutShortTitle'),
        text: translate('notice.cutShortText', {
          by,
          note: callOff?.cancelNote ? `: “${callOff.cancelNote}”` : '',
        }),
      };
    }
    case 'closed':
      return {
        tone: 'info',
        title: translate('notice.closedTitle'),
        text: translate('notice.closedText'),
      };
  }
}
