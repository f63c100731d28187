import { computeFundingProgress, type FundingProgress } from '@core/funding';
import { asCurrency, decimalToMinor } from '@core/currency';
import { formatCents } from '@core/money';
import { intlLocale } from '@core/language';
import { cn } from '../../lib/cn';
import { useLanguage, useT } from '../../lib/i18n';

/**
 * The funding bar itself: the sales against the goal, green once it is reached. Its value is the
 * whole percent funded (rounded down, as the words beside it), at most 100. `className` sets its
 * height and margin.
 */
export function FundingMeter({ progress, className }: { progress: FundingProgress; className: string }) {
  const t = useT();
  return (
    <div
      role="progressbar"
      aria-label={t('ui.fundingProgress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(100, progress.percentFunded)}
      aria-valuetext={t('ui.percentFunded', { percent: progress.percentFunded })}
      className={cn('w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div
        className={progress.isGoalReached ? 'h-full bg-herb-600' : 'h-full bg-brand-600'}
        style={{ width: `${progress.barPercentage}%` }}
      />
    </div>
  );
}

/** A compact funding bar for lists: "$42.00 of $50.00 · 84%", "¥4,200 of ¥5,000 · 84%". */
export function FundingBar({
  currentSales,
  minimumSales,
  currency: code,
}: {
  currentSales: string;
  minimumSales: string;
  /** The event's currency, the amounts' (USD when not given). */
  currency?: string | null;
}) {
  const t = useT();
  const locale = intlLocale(useLanguage());
  const currency = asCurrency(code);
  const progress = computeFundingProgress(
    decimalToMinor(currentSales, currency),
    decimalToMinor(minimumSales, currency),
  );
  return (
    <div>
      <p className="text-sm">
        <span className="font-semibold">{formatCents(progress.currentCents, currency, locale)}</span>{' '}
        <span className="text-muted">
          {t('ui.ofGoal', { goal: formatCents(progress.goalCents, currency, locale) })}
        </span>{' '}
        <span className="font-semibold text-brand-700">· {progress.percentFunded}%</span>
      </p>
      <FundingMeter progress={progress} className="mt-1 h-2" />
    </div>
  );
}
