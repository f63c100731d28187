import { describe, expect, it } from 'vitest';
import { computeFundingProgress, describeFundingProgress } from './funding';

describe('funding progress', () => {
  it('is the share of the goal already sold', () => {
    const p = computeFundingProgress(25_000, 100_000);
    expect(p.percentage).toBe(25);
    expect(p.isGoalReached).toBe(false);
    expect(p.remainingCents).toBe(75_000);
    expect(describeFundingProgress(p)).toBe('25% funded · $750.00 still needed');
  });

  it('rounds the percentage and clamps the bar', () => {
    expect(describeFundingProgress(computeFundingProgress(66_666, 100_000))).toMatch(/^67% funded/);
    const over = computeFundingProgress(150_000, 100_000);
    expect(over.barPercentage).toBe(100);
    expect(over.isGoalReached).toBe(true);
    expect(describeFundingProgress(over)).toBe('Goal reached! Orders will be processed soon.');
  });

  it('counts an exact hit as reached', () => {
    expect(computeFundingProgress(100_000, 100_000).isGoalReached).toBe(true);
  });
});
