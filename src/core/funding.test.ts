import { describe, expect, it } from 'vitest';
import { describeProgressSentence } from './event-story';
import { computeFundingProgress, type FundingProgress } from './funding';

const describeFundingProgress = (p: FundingProgress) => describeProgressSentence('gap', p);

describe('funding progress', () => {
  it('is the share of the goal already sold', () => {
    const p = computeFundingProgress(25_000, 100_000);
    expect(p.percentage).toBe(25);
    expect(p.isGoalReached).toBe(false);
    expect(p.remainingCents).toBe(75_000);
    expect(describeFundingProgress(p)).toBe('25% funded · $750.00 still needed');
  });

  it('rounds the percentage down and clamps the bar', () => {
    expect(describeFundingProgress(computeFundingProgress(66_666, 100_000))).toMatch(/^66% funded/);
    const over = computeFundingProgress(150_000, 100_000);
    expect(over.barPercentage).toBe(100);
    expect(over.isGoalReached).toBe(true);
    expect(describeFundingProgress(over)).toBe('Goal reached! Orders will be processed soon.');
  });

  it('counts an exact hit as reached', () => {
    expect(computeFundingProgress(100_000, 100_000).isGoalReached).toBe(true);
  });

  it('never reads 100% while money is still needed', () => {
    const almost = computeFundingProgress(29_960, 30_000);
    expect(almost.percentFunded).toBe(99);
    expect(describeFundingProgress(almost)).toBe('99% funded · $0.40 still needed');
    expect(computeFundingProgress(99_999, 100_000).percentFunded).toBe(99);
  });

  it('reads whole percents exactly, without float noise', () => {
    // 29/100 * 100 is 28.999… in floating point.
    expect(computeFundingProgress(29, 100).percentFunded).toBe(29);
    expect(computeFundingProgress(57, 100).percentFunded).toBe(57);
    expect(computeFundingProgress(0, 30_000).percentFunded).toBe(0);
  });

  it('reads at least 100% once the goal is met, and more when it is passed', () => {
    expect(computeFundingProgress(30_000, 30_000).percentFunded).toBe(100);
    expect(computeFundingProgress(45_000, 30_000).percentFunded).toBe(150);
  });
});
