import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartProgress } from './start-progress';

/** An output that keeps what was written, as a pipe or a terminal would receive it. */
function output(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    isTTY,
    write: (text: string) => chunks.push(text),
    text: () => chunks.join(''),
    /** The lines as a terminal shows them once every `\r` has redrawn its line. */
    screen: () =>
      chunks
        .join('')
        .split('\n')
        .map((line) => line.split('\r').at(-1)!.replace('\x1b[2K', '')),
  };
}

let clock = 0;
const now = () => clock;

/** A reporter on the test's clock, writing to a pipe or (`isTTY`) a terminal. */
function reporter(
  isTTY: boolean,
  options: Omit<ConstructorParameters<typeof StartProgress>[0], 'out' | 'now'> = {},
) {
  const out = output(isTTY);
  return { out, progress: new StartProgress({ out, now, ...options }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => vi.useRealTimers());

/** Lets `ms` pass on both the reporter's clock and its timers. */
function pass(ms: number) {
  for (let i = 0; i < ms; i += 50) {
    clock += 50;
    vi.advanceTimersByTime(50);
  }
}

describe('start progress without a terminal', () => {
  it('numbers every planned step, says each as it begins and how long it took', () => {
    const { out, progress } = reporter(false);
    progress.plan('build', 2);
    progress.plan('server', 3);
    progress.step('Building the web client');
    pass(1000);
    progress.step('Compiling the server');
    pass(500);
    progress.finish();
    expect(out.text()).toBe(
      '[1/5] Building the web client…\n      done in 1.0 s\n[2/5] Compiling the server…\n      done in 0.5 s\n',
    );
  });

  it('is never silent for more than the heartbeat during a long step, and counts what it can', () => {
    const { out, progress } = reporter(false, { heartbeatMs: 1500 });
    progress.plan('server', 2);
    progress.step('Creating the embedded database in ./data');
    pass(4000);
    progress.detail('creating its tables');
    pass(1000);
    progress.step('Adding the demo data');
    progress.count(12, 45);
    pass(1600);
    progress.finish();
    pass(5000);
    expect(out.text().split('\n')).toEqual([
      '[1/2] Creating the embedded database in ./data…',
      '      1.5 s…',
      '      3.0 s…',
      '      creating its tables…',
      '      done in 5.0 s',
      '[2/2] Adding the demo data…',
      '      12/45, 1.5 s…',
      '      done in 1.6 s',
      '',
    ]);
  });

  it('ends a failed step on its own line, so the error printed next is readable', () => {
    const { out, progress } = reporter(false);
    progress.step('Opening the embedded database in ./data');
    pass(300);
    progress.fail();
    expect(out.text()).toBe(
      '[1/1] Opening the embedded database in ./data…\n[1/1] Opening the embedded database in ./data: failed after 0.3 s\n',
    );
  });
});

describe('start progress on a terminal', () => {
  it('redraws one line per step with a spinner, the seconds so far and a bar, and keeps the time', () => {
    const { out, progress } = reporter(true, { redrawMs: 250 });
    progress.plan('server', 2);
    progress.step('Creating the embedded database in ./data');
    pass(2100);
    expect(out.screen().at(-1)).toMatch(
      /^\[1\/2\] Creating the embedded database in \.\/data [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 2 s$/,
    );
    progress.step('Adding the demo data');
    progress.count(9, 45);
    pass(300);
    expect(out.screen().at(-1)).toMatch(/^\[2\/2\] Adding the demo data █{4}░{16} 20% [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 0 s$/);
    progress.finish();
    expect(out.screen()).toEqual([
      '[1/2] Creating the embedded database in ./data: 2.1 s',
      '[2/2] Adding the demo data: 0.3 s',
      '',
    ]);
  });

  it('shortens a step that would not fit, so the redrawn line never wraps', () => {
    const out = { ...output(true), columns: 40 };
    const progress = new StartProgress({ out, now });
    progress.step('Creating the embedded database in /home/someone/projects/food-truck-fund/data');
    pass(1200);
    const line = out.screen().at(-1)!;
    expect(line).toMatch(/^\[1\/1\] Creating the embedded d.*… [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] 1 s$/);
    expect(line.length).toBeLessThan(40);
    progress.finish();
  });
});

describe('the total', () => {
  it('is the time since the process started', () => {
    clock = 57_340;
    expect(new StartProgress({ out: output(false), now }).elapsedSeconds()).toBe('57.3 s');
  });
});
