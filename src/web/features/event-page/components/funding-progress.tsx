import { Users } from 'lucide-react';
import type { ProgressKind, StoryBlocks } from '@core/event-story';
import { computeFundingProgress } from '@core/funding';
import { FundingMeter } from '@web/components/ui/progress-bar';
import { intlLocale } from '@core/language';
import { useLanguage, useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/** The catalog's key for each progress sentence of the state table (core/event-story.ts's words). */
const SENTENCE_KEYS: Record<ProgressKind, string> = {
  gap: 'gap',
  'goal-processing': 'goalProcessing',
  'goal-reached': 'goalReached',
  shortfall: 'shortfall',
  'not-open': 'notOpen',
  'not-reached': 'notReached',
  failed: 'failed',
  'ended-early': 'endedEarly',
  'called-off': 'calledOff',
  'taken-down': 'takenDown',
};

/**
 * Current sales against the truck's minimum, by the one funding rule (core/funding.ts), with the
 * sentence and backers the state table gives the event now (core/event-story.ts).
 */
export function FundingProgress({
  currentSales,
  minimumSales,
  backerCount,
  story = { progress: 'gap', backers: 'invite' },
}: {
  currentSales: string;
  minimumSales: string;
  /** Distinct diners with an authorized or charged order; omitted where it is not known. */
  backerCount?: number;
  story?: Pick<StoryBlocks, 'progress' | 'backers'>;
}) {
  const t = useT();
  const language = useLanguage();
  const money = useEventMoney();
  const progress = computeFundingProgress(money.parse(currentSales), money.parse(minimumSales));
  // Rounded down: 99.9% funded never reads 100% while money is still needed.
  const percent = progress.percentFunded;
  // The state table's sentence, in the page's language and the event's currency: a gap met a moment
  // before the event moves on says the goal is reached, as core's describeProgressSentence does.
  const kind = story.progress === 'gap' && progress.isGoalReached ? 'goal-processing' : story.progress;
  const sentence = t(`eventPage.progressSentence.${SENTENCE_KEYS[kind]}`, {
    percent,
    amount: money.format(progress.remainingCents),
  });
  // "Be the first to pre-order" only while orders are open; else the count, when there is one.
  const backers =
    backerCount === undefined || story.backers === 'none' || (story.backers === 'count' && backerCount <= 0)
      ? null
      : backerCount <= 0
        ? t('eventPage.backers.first')
        : t('eventPage.backers.count', {
            count: backerCount,
            formatted: new Intl.NumberFormat(intlLocale(language)).format(backerCount),
          });
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p>
          <span className="text-2xl font-bold">{money.format(progress.currentCents)}</span>{' '}
          <span className="text-sm text-stone-600">
            {t('eventPage.raisedOfGoal', { cents: money.format(progress.goalCents) })}
          </span>
        </p>
        <p className="text-sm font-semibold text-brand-700">{percent}%</p>
      </div>
      <FundingMeter progress={progress} className="mt-2 h-3" />
      <p className="mt-2 text-sm text-stone-700">{sentence}</p>
      {backers && (
        <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-stone-800" aria-live="polite">
          <Users aria-hidden="true" className="h-4 w-4 text-brand-700" />
          {backers}
        </p>
      )}
    </div>
  );
}
