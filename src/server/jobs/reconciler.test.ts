import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SWEEP_DELAY_MS, Reconciler } from './reconciler';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** A started reconciler whose one task counts its runs. */
function startedReconcilerCountingRuns(intervalMs: number) {
  const reconciler = new Reconciler(log, intervalMs);
  const runs = { count: 0 };
  reconciler.addTask({ name: 'count', run: async () => runs.count++ });
  reconciler.start();
  return { reconciler, runs };
}

describe('Reconciler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sweeps first a moment after it starts, so the first requests are answered before it', async () => {
    const { reconciler, runs } = startedReconcilerCountingRuns(5000);
    await vi.advanceTimersByTimeAsync(FIRST_SWEEP_DELAY_MS - 1);
    expect(runs.count).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.count).toBe(1);
    await vi.advanceTimersByTimeAsync(5000 - FIRST_SWEEP_DELAY_MS);
    expect(runs.count).toBe(2);
    await reconciler.stop();
  });

  it('runs at once when nudged, even before its first sweep', async () => {
    const { reconciler, runs } = startedReconcilerCountingRuns(5000);
    reconciler.nudge();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.count).toBe(1);
    await reconciler.stop();
  });

  it('never waits longer than one interval for its first sweep', async () => {
    const { reconciler, runs } = startedReconcilerCountingRuns(200);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs.count).toBe(1);
    await reconciler.stop();
  });

  it('does not sweep after it is stopped, nor when its interval is 0', async () => {
    const { reconciler, runs } = startedReconcilerCountingRuns(5000);
    await reconciler.stop();
    const off = startedReconcilerCountingRuns(0);
    off.reconciler.nudge();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs.count).toBe(0);
    expect(off.runs.count).toBe(0);
  });

  it('runs the sweep lane beside the money lane: a slow sweep never delays a capture', async () => {
    const reconciler = new Reconciler(log, 0);
    const done: string[] = [];
    let finishSweep: () => void = () => undefined;
    reconciler.addTask({
      name: 'slow-sweep',
      lane: 'sweep',
      run: () => new Promise<void>((resolve) => (finishSweep = resolve)).then(() => void done.push('sweep')),
    });
    reconciler.addTask({ name: 'capture', run: async () => void done.push('capture') });
    reconciler.addTask({ name: 'refund', run: async () => void done.push('refund') });
    const run = reconciler.runOnce();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['capture', 'refund']);
    finishSweep();
    await run;
    expect(done).toEqual(['capture', 'refund', 'sweep']);
  });
});
