import { describe, expect, it } from 'vitest';
import { CoalescingRun } from './coalescing-run';

describe('CoalescingRun', () => {
  it('runs once more after a run for any number of requests made during it, and never two at once', async () => {
    let runs = 0;
    let active = 0;
    let finish: () => void = () => undefined;
    const run = new CoalescingRun(async () => {
      runs++;
      active++;
      expect(active).toBe(1);
      await new Promise<void>((resolve) => (finish = resolve));
      active--;
    });
    const first = run.request();
    const second = run.request();
    const third = run.request();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(runs).toBe(1);
    finish();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    finish();
    await first;
    expect(runs).toBe(2);
    expect(run.running).toBeUndefined();
  });
});
