import { computeFundingProgress } from '@core/funding';
import { formatCents, parseDecimalToCents } from '@core/money';

/** A compact funding bar for lists: "$42.00 of $50.00 · 84%". */
export function FundingBar({ currentSales, minimumSales }: { currentSales: string; minimumSales: string }) {
  const progress = computeFundingProgress(
    parseDecimalToCents(currentSales),
    parseDecimalToCents(minimumSales),
  );
  const percent = progress.percentFunded;
  return (
    <div>
      <p className="text-sm">
        <span className="font-semibold">{formatCents(progress.currentCents)}</span>{' '}
        <span className="text-muted">of {formatCents(progress.goalCents)} goal</span>{' '}
        <span className="font-semibold text-brand-700">· {percent}%</span>
      </p>
      <div
        role="progressbar"
        aria-label="Funding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.barPercentage)}
        aria-valuetext={`${percent}% funded`}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={progress.isGoalReached ? 'h-full bg-herb-600' : 'h-full bg-brand-600'}
          style={{ width: `${progress.barPercentage}%` }}
        />
      </div>
    </div>
  );
}
