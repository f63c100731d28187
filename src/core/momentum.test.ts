import { describe, expect, it } from 'vitest';
import { describeFundingGap } from './momentum';

describe('funding gap for the 48-hour reminder', () => {
  it('says how far along and what is left, without cents when there are none', () => {
    expect(describeFundingGap(31_000, 50_000)).toBe('62% funded, $190 to go');
    expect(describeFundingGap(31_050, 50_000)).toBe('62% funded, $189.50 to go');
  });
  it('never rounds up to a premature 100%', () => {
    expect(describeFundingGap(49_990, 50_000)).toBe('99% funded, $0.10 to go');
    expect(describeFundingGap(50_000, 50_000)).toBe('Goal reached');
  });
});
