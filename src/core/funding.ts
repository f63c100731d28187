import { formatCents } from './money';

export interface FundingProgress {
  currentCents: number;
  goalCents: number;
  /** Unclamped percentage, may exceed 100. */
  percentage: number;
  /** For a progress bar: 0 to 100. */
  barPercentage: number;
  isGoalReached: boolean;
  remainingCents: number;
}

export function computeFundingProgress(currentCents: number, goalCents: number): FundingProgress {
  const percentage = goalCents > 0 ? (currentCents / goalCents) * 100 : 100;
  return {
    currentCents,
    goalCents,
    percentage,
    barPercentage: Math.max(0, Math.min(100, percentage)),
    isGoalReached: currentCents >= goalCents,
    remainingCents: Math.max(0, goalCents - currentCents),
  };
}

/** The sentence under the progress bar. */
export function describeFundingProgress(progress: FundingProgress): string {
  if (progress.isGoalReached) return 'Goal reached! Orders will be processed soon.';
  return `${Math.round(progress.percentage)}% funded · ${formatCents(progress.remainingCents)} still needed`;
}
