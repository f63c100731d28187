import { Worker } from 'node:worker_threads';

/**
 * What `npm start` says while it works (docs/decisions/112-start-says-what-it-does.md): a numbered step
 * for everything that can take more than a second or two, and the total time at the end, so a slow first
 * start never reads as a hang.
 *
 * - On a terminal, one line per step, redrawn a few times a second with a spinner, the seconds so far and,
 *   where the step can count (the demo data, compressing the client), a bar; the finished line keeps its time.
 * - Elsewhere (a pipe, a log file, a service manager), plain lines: the step when it begins, a line with
 *   the seconds so far whenever nothing was written for `heartbeatMs`, and its time when it ends.
 *
 * Creating the embedded database keeps the main thread busy for 10–25 s at a stretch (Postgres's initdb
 * runs in WebAssembly on it), so no timer of the main thread could say anything meanwhile: for such a step
 * (`busy`), on the real stdout, a small worker thread does the ticking, writing to the file descriptor
 * itself. The threads take turns through a lock in shared memory, so their lines never mix. Other steps
 * tick on a timer of the main thread (a thread costs about 0.1 s of CPU, which a warm start would notice).
 */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface StartProgressOptions {
  /** Where to write; the process's stdout by default (the only output that gets the ticking thread). */
  out?: ProgressOutput;
  /** Milliseconds since the process started (`performance.now()`); tests pass their own clock. */
  now?: () => number;
  /** Without a terminal: the longest silence during a step before a line says it is still going. */
  heartbeatMs?: number;
  /** On a terminal: how often the step's line is redrawn. */
  redrawMs?: number;
}

/** The part of the reporter the server's start uses (main.ts makes one; `npm start` hands its own in). */
export interface StartSteps {
  /** Declares how many steps a phase of the start has ('build', 'server'), so the counter has its total. */
  plan(phase: string, steps: number): void;
  /**
   * Ends the current step, if any, and begins the next. `busy`: the step keeps the main thread busy for
   * seconds at a stretch (creating the embedded database), so a thread of its own ticks during it.
   */
  step(title: string, options?: { busy?: boolean }): void;
  /** A word on what the current step is doing now ("applying migrations"). */
  detail(text: string): void;
  /** How far a step that can count has got. */
  count(done: number, total: number): void;
  /** Ends the current step. */
  endStep(): void;
  /** Ends the current step as failed, so an error printed next starts on its own line. */
  fail(): void;
  /** Ends the current step and stops ticking: what follows is the server's own output. */
  finish(): void;
  /** Seconds since the process started, for the closing line. */
  elapsedSeconds(): string;
}

/** What a tick needs to know of the current step; sent to the ticking thread as it changes. */
interface TickState {
  /** "[3/5] Creating the embedded database in ./data" */
  label: string;
  detail?: string;
  done?: number;
  total?: number;
  startedAt: number;
  /** The terminal's width: a redrawn line must not wrap, or `\r` would redraw only its last row. */
  columns?: number;
}

/**
 * The text of one tick: the redrawn line on a terminal, else a heartbeat line. Self-contained (no names
 * from this module), because the ticking thread runs its source text.
 */
function tickText(step: TickState, now: number, tty: boolean, frame: number): string {
  const elapsed = now - step.startedAt;
  if (!tty) {
    const counted = step.total ? `${step.done ?? 0}/${step.total}, ` : '';
    return `      ${counted}${(elapsed / 1000).toFixed(1)} s…\n`;
  }
  const spinner = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  const parts = [];
  if (step.detail) parts.push(`(${step.detail})`);
  if (step.total) {
    const share = Math.min(1, (step.done ?? 0) / step.total);
    const filled = Math.round(share * 20);
    parts.push(`${'█'.repeat(filled)}${'░'.repeat(20 - filled)} ${Math.floor(share * 100)}%`);
  }
  parts.push(`${spinner[frame % spinner.length]} ${Math.floor(elapsed / 1000)} s`);
  const tail = parts.join(' ');
  const room = (step.columns ?? Infinity) - 2 - tail.length;
  const label = step.label.length > room ? `${step.label.slice(0, Math.max(0, room - 1))}…` : step.label;
  return `\r\x1b[2K${label} ${tail}`;
}

const TICKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const tickText = ${tickText.toString()};
const { shared, tty, heartbeatMs, redrawMs } = workerData;
const lock = new Int32Array(shared, 0, 1);
const lastWriteAt = new Float64Array(shared, 8, 1);
const clock = () => performance.timeOrigin + performance.now();
let step = null;
let frame = 0;
parentPort.on('message', (message) => { step = message; });
setInterval(() => {
  if (!step) return;
  frame += 1;
  if (!tty && clock() - lastWriteAt[0] < heartbeatMs) return;
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1, 5);
  try {
    if (step) writeSync(1, tickText(step, clock(), tty, frame));
    lastWriteAt[0] = clock();
  } catch {
    // a full pipe: this tick is skipped, the next one tries again
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0);
  }
}, tty ? redrawMs : 100);
`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Step extends TickState {
  number: number;
  title: string;
}

export class StartProgress implements StartSteps {
  private readonly out: ProgressOutput;
  private readonly now: () => number;
  /** Whether `now` is the process's own clock, which the ticking thread can read too. */
  private readonly processClock: boolean;
  private readonly tty: boolean;
  private readonly heartbeatMs: number;
  private readonly redrawMs: number;
  private readonly phases = new Map<string, number>();
  private current: Step | undefined;
  private stepsBegun = 0;
  private frame = 0;
  /** Ticking on this thread (tests, any output but stdout). */
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Ticking on its own thread (stdout), with the lock and the time of the last line it shares. */
  private ticker: { worker: Worker; lock: Int32Array; lastWriteAt: Float64Array } | undefined;
  private lastWriteAt = 0;

  constructor(options: StartProgressOptions = {}) {
    this.out = options.out ?? process.stdout;
    this.now = options.now ?? (() => performance.now());
    this.processClock = !options.now;
    this.tty = Boolean(this.out.isTTY);
    this.heartbeatMs = options.heartbeatMs ?? 1500;
    this.redrawMs = options.redrawMs ?? 250;
  }

  plan(phase: string, steps: number): void {
    this.phases.set(phase, steps);
  }

  step(title: string, options: { busy?: boolean } = {}): void {
    this.endStep();
    this.stepsBegun += 1;
    const step: Step = {
      number: this.stepsBegun,
      title,
      label: '',
      startedAt: this.now(),
      columns: (this.out as { columns?: number }).columns,
    };
    step.label = `[${step.number}/${Math.max(this.total(), step.number)}] ${title}`;
    this.current = step;
    if (this.tty) this.write(tickText(step, this.now(), true, this.frame));
    else this.write(`${step.label}…\n`);
    this.startTicking(Boolean(options.busy));
  }

  detail(text: string): void {
    const step = this.current;
    if (!step || step.detail === text) return;
    step.detail = text;
    if (this.tty) this.write(tickText(step, this.now(), true, this.frame));
    else this.write(`      ${text}…\n`);
    this.share();
  }

  count(done: number, total: number): void {
    const step = this.current;
    if (!step) return;
    step.done = done;
    step.total = total;
    this.share();
  }

  endStep(): void {
    this.end('');
  }

  fail(): void {
    this.end('failed after ');
    this.finish();
  }

  finish(): void {
    this.endStep();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    void this.ticker?.worker.terminate();
    this.ticker = undefined;
  }

  elapsedSeconds(): string {
    return seconds(this.now());
  }

  private total(): number {
    let total = 0;
    for (const steps of this.phases.values()) total += steps;
    return Math.max(total, this.stepsBegun);
  }

  private end(prefix: string): void {
    const step = this.current;
    if (!step) return;
    this.current = undefined;
    this.share();
    const took = `${prefix}${seconds(this.now() - step.startedAt)}`;
    if (this.tty) this.write(`\r\x1b[2K${step.label}: ${took}\n`);
    else this.write(prefix ? `${step.label}: ${took}\n` : `      done in ${took}\n`);
  }

  private startTicking(busy: boolean): void {
    this.share();
    if (this.ticker) return;
    // A thread costs about 0.1 s of CPU to start: only a step that blocks the main thread gets one.
    if (busy && this.out === process.stdout && this.processClock) {
      if (this.timer) clearInterval(this.timer);
      this.timer = undefined;
      const shared = new SharedArrayBuffer(16);
      const ticker = {
        worker: new Worker(TICKER_SOURCE, {
          eval: true,
          workerData: { shared, tty: this.tty, heartbeatMs: this.heartbeatMs, redrawMs: this.redrawMs },
          stdout: false,
          stderr: false,
        }),
        lock: new Int32Array(shared, 0, 1),
        lastWriteAt: new Float64Array(shared, 8, 1),
      };
      ticker.worker.unref();
      ticker.lastWriteAt[0] = this.epoch(this.lastWriteAt);
      this.ticker = ticker;
      this.share();
      return;
    }
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tty ? this.redrawMs : Math.min(100, this.heartbeatMs));
    this.timer.unref?.();
  }

  /** Main-thread ticking: the same text as the ticking thread's. */
  private tick(): void {
    const step = this.current;
    if (!step) return;
    this.frame += 1;
    if (!this.tty && this.now() - this.lastWriteAt < this.heartbeatMs) return;
    this.write(tickText(step, this.now(), this.tty, this.frame));
  }

  /** Tells the ticking thread what the current step is (its start in its clock: epoch milliseconds). */
  private share(): void {
    const step = this.current;
    this.ticker?.worker.postMessage(
      step
        ? {
            label: step.label,
            detail: step.detail,
            done: step.done,
            total: step.total,
            startedAt: this.epoch(step.startedAt),
            columns: step.columns,
          }
        : null,
    );
  }

  private epoch(sinceStart: number): number {
    return performance.timeOrigin + sinceStart;
  }

  /** Writes whole lines, taking turns with the ticking thread. */
  private write(text: string): void {
    const ticker = this.ticker;
    if (ticker) {
      while (Atomics.compareExchange(ticker.lock, 0, 0, 1) !== 0) Atomics.wait(ticker.lock, 0, 1, 5);
    }
    try {
      this.out.write(text);
      this.lastWriteAt = this.now();
      if (ticker) ticker.lastWriteAt[0] = this.epoch(this.lastWriteAt);
    } finally {
      if (ticker) {
        Atomics.store(ticker.lock, 0, 0);
        Atomics.notify(ticker.lock, 0);
      }
    }
  }
}
