import { describe, expect, it } from 'vitest';
import { fitWithin } from './resize-image';

describe('fitWithin', () => {
  it('scales the longer side down to 800 pixels and keeps the ratio', () => {
    expect(fitWithin(1200, 600)).toEqual({ width: 800, height: 400 });
    expect(fitWithin(300, 900)).toEqual({ width: 267, height: 800 });
    expect(fitWithin(4000, 4000)).toEqual({ width: 800, height: 800 });
  });

  it('never enlarges a small picture and never reaches zero', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(800, 800)).toEqual({ width: 800, height: 800 });
    expect(fitWithin(10_000, 1)).toEqual({ width: 800, height: 1 });
  });
});
