export interface FundingProgress {
  currentCents: number;
  goalCents: number;
  /** Unclamped percentage, may exceed 100. */
  percentage: number;
  /**
   * The whole percent a person reads: rounded down, so it says 100% only once the goal is met
   * (299.60 of 300.00 is 99%, never "100% funded · $0.40 still needed").
   */
  percentFunded: number;
  /** For a progress bar: 0 to 100. */
  barPercentage: number;
  isGoalReached: boolean;
  remainingCents: number;
}

export function computeFundingProgress(currentCents: number, goalCents: number): FundingProgress {
  const percentage = goalCents > 0 ? (currentCents / goalCents) * 100 : 100;
  const isGoalReached = currentCents >= goalCents;
  // Integer arithmetic: a float product like 0.29 * 100 = 28.999… must not read 28%.
  const floored = goalCents > 0 ? Math.floor((Math.max(0, currentCents) * 100) / goalCents) : 100;
  return {
    currentCents,
    goalCents,
    percentage,
    percentFunded: isGoalReached ? Math.max(100, floored) : Math.min(99, floored),
    barPercentage: Math.max(0, Math.min(100, percentage)),
    isGoalReached,
    remainingCents: Math.max(0, goalCents - currentCents),
  };
}
