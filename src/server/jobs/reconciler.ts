import type { FastifyBaseLogger } from 'fastify';

/** How long after start the first sweep waits (at most one interval). */
export const FIRST_SWEEP_DELAY_MS = 1000;

export interface ReconcilerTask {
  name: string;
  run(): Promise<unknown>;
}

/**
 * One loop per instance: every few seconds, plus an immediate nudge, it runs
 * each task in turn. Tasks claim their units of work in the database, so several instances can run
 * this loop at once without doing anything twice; within one process, runs never overlap (PGlite is
 * one connection, and its locks protect nothing between callers in a process).
 */
export class Reconciler {
  private readonly tasks: ReconcilerTask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private firstSweep: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private isHalted = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  addTask(task: ReconcilerTask): void {
    this.tasks.push(task);
  }

  /** Runs every task once; a call during a run waits for it and then runs once more. */
  runOnce(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        for (const task of this.tasks) {
          try {
            await task.run();
          } catch (error) {
            this.log.error({ err: error, task: task.name }, 'reconciler task failed');
          }
        }
      } while (this.rerun);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Ask for a run soon, without waiting for it (e.g. right after a goal is reached). */
  nudge(): void {
    if (!this.timer) return;
    setImmediate(() => void this.runOnce());
  }

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    // The first sweep, every task against a cold database, waits a moment (or the interval, if that
    // is shorter): the server answers its first requests before it rather than behind it. The work
    // waits in the database meanwhile, and a nudge still runs at once (decision 107).
    if (this.intervalMs > FIRST_SWEEP_DELAY_MS) {
      this.firstSweep = setTimeout(() => void this.runOnce(), FIRST_SWEEP_DELAY_MS);
      this.firstSweep.unref();
    }
  }

  /** Set once the instance stops for good: long-running tasks stop renewing their claims and return. */
  get halted(): boolean {
    return this.isHalted;
  }

  /**
   * Stops this instance's background work at once, without waiting for runs in flight and without
   * letting them renew their claims: what a crashed process looks like to the other instances (tests).
   */
  halt(): void {
    this.isHalted = true;
    clearTimeout(this.firstSweep);
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async stop(): Promise<void> {
    clearTimeout(this.firstSweep);
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
