import type { FastifyBaseLogger } from 'fastify';
import { CoalescingRun } from './coalescing-run';

/** How long after start the first sweep waits (at most one interval). */
export const FIRST_SWEEP_DELAY_MS = 1000;

/**
 * Tasks run in lanes: each lane is one loop that runs its tasks in turn, and the lanes run beside each
 * other, so housekeeping (the stale-order sweep, which may ask the provider about many abandoned
 * checkouts) never holds up the money (captures, releases, refunds, mail).
 */
export type ReconcilerLane = 'money' | 'sweep';

export interface ReconcilerTask {
  name: string;
  /** `money` unless said otherwise. */
  lane?: ReconcilerLane;
  run(): Promise<unknown>;
}

/** Hears every finished run of a task (the metrics count runs, failures and durations). */
export interface ReconcilerObserver {
  taskFinished(task: string, seconds: number, failed: boolean): void;
}

interface LaneState {
  tasks: ReconcilerTask[];
  run: CoalescingRun;
}

/**
 * One loop per lane per instance: every few seconds, plus an immediate nudge, it runs each task of the
 * lane in turn. Tasks claim their units of work in the database, so several instances can run this
 * loop at once without doing anything twice; within one process, runs of one lane never overlap.
 */
export class Reconciler {
  private readonly lanes = new Map<ReconcilerLane, LaneState>();
  private timer: NodeJS.Timeout | undefined;
  private firstSweep: NodeJS.Timeout | undefined;
  private isHalted = false;
  private isStopping = false;
  private observer: ReconcilerObserver | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  observe(observer: ReconcilerObserver): void {
    this.observer = observer;
  }

  addTask(task: ReconcilerTask): void {
    const name = task.lane ?? 'money';
    let lane = this.lanes.get(name);
    if (!lane) {
      const tasks: ReconcilerTask[] = [];
      lane = { tasks, run: new CoalescingRun(() => this.runTasks(tasks)) };
      this.lanes.set(name, lane);
    }
    lane.tasks.push(task);
  }

  /** Every task, lane by lane (the scale bench times one pass of each). */
  tasks(): readonly ReconcilerTask[] {
    return [...this.lanes.values()].flatMap((lane) => lane.tasks);
  }

  /** Runs every task of every lane once; a call during a run waits for it and then runs once more. */
  async runOnce(): Promise<void> {
    await Promise.all([...this.lanes.values()].map((lane) => lane.run.request()));
  }

  /** One run of a lane: its tasks in turn, each failure logged and the next task run all the same. */
  private async runTasks(tasks: readonly ReconcilerTask[]): Promise<void> {
    for (const task of tasks) {
      const started = performance.now();
      let failed = false;
      try {
        await task.run();
      } catch (error) {
        failed = true;
        this.log.error({ err: error, task: task.name }, 'reconciler task failed');
      }
      this.observer?.taskFinished(task.name, (performance.now() - started) / 1000, failed);
    }
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
    return this.isHalted || this.isStopping;
  }

  /**
   * Stopping in good order (a deploy's SIGTERM): work under way finishes and is recorded, nothing new
   * starts, and claims not started are handed back at once for another instance to take.
   */
  get stopping(): boolean {
    return this.isStopping;
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
    this.isStopping = true;
    clearTimeout(this.firstSweep);
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all([...this.lanes.values()].map((lane) => lane.run.running));
  }
}
