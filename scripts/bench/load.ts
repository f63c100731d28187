/**
 * Load generation for the benchmarks: autocannon in this process, the server in a child process pinned
 * to another core (`taskset`), so a server's figure and the hello reference get the same single core.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The core servers run on; the load generator (this process) takes the other. */
const SERVER_CORE = process.env.BENCH_SERVER_CORE ?? '0';
const LOAD_CORE = process.env.BENCH_LOAD_CORE ?? '1';

let pinned: boolean | undefined;

/** Pins this process (every thread) to the load core; false when `taskset` is missing. */
export function pinLoadGenerator(): boolean {
  if (pinned !== undefined) return pinned;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
    pinned = true;
  } catch {
    pinned = false;
  }
  return pinned;
}

/**
 * Runs `measure` with this process (and so whatever it starts: servers, Chromium) free to use every
 * core, as a user's machine would, then pins it back. Start-up and Lighthouse measure one process
 * each, not a server against a load generator; confined to the load core, Chromium's renderer shared it
 * with its own browser process and Lighthouse counted the waits as blocking time.
 */
export async function onAllCores<T>(measure: () => Promise<T>): Promise<T> {
  if (!pinned) return measure();
  // Not availableParallelism(): it counts the cores this process may use, one while pinned.
  const every = `0-${cpus().length - 1}`;
  execFileSync('taskset', ['-a', '-p', '-c', every, String(process.pid)], { stdio: 'ignore' });
  try {
    return await measure();
  } finally {
    execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  }
}

export interface BenchServer {
  url: string;
  /** the server's process id, to read its CPU time */
  pid: number;
  info: Record<string, number>;
  stop(): Promise<void>;
}

/** Starts scripts/bench/serve.ts on the server core and waits for its first line. */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const args = ['--import', 'tsx', new URL('./serve.ts', import.meta.url).pathname];
  const child: ChildProcess = pinLoadGenerator()
    ? spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(process.execPath, args, {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const info = JSON.parse(first) as Record<string, number>;
  return {
    url: `http://127.0.0.1:${info.port}`,
    pid: child.pid!,
    info,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadResult {
  /** requests per second (median of the runs) */
  rps: number;
  /** 99th percentile latency in ms (median of the runs) */
  p99: number;
  /** answers that were not 2xx/304, or errors, over every run */
  failures: number;
}

function medianOf(values: Array<number | undefined>): number | undefined {
  return values.every((v) => v !== undefined) ? median(values) : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface RunOptions {
  headers?: Record<string, string>;
  expectStatus?: number;
  /** the server's process: its CPU time per answered request is measured too (Linux) */
  pid?: number;
}

/** A process's user + system CPU time in µs, from /proc (undefined elsewhere). */
function cpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return undefined;
  }
}

interface RunResult {
  rps: number;
  p99: number;
  failures: number;
  /** server CPU µs per answered request, when the pid was given */
  cpuPerRequest?: number;
}

async function runOnce(url: string, options: RunOptions, duration: number): Promise<RunResult> {
  const cpuBefore = cpuMicros(options.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: options.headers });
  const cpuAfter = cpuMicros(options.pid);
  const expected = String(options.expectStatus ?? 200) as keyof NonNullable<typeof r.statusCodeStats>;
  const matching = r.statusCodeStats?.[expected]?.count ?? 0;
  return {
    rps: r.requests.total / r.duration,
    p99: r.latency.p99,
    cpuPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || r.requests.total === 0
        ? undefined
        : (cpuAfter - cpuBefore) / r.requests.total,
    // A run in which nothing was answered failed, whatever else it counted.
    failures: r.requests.total === 0 ? 1 : Math.max(0, r.errors + r.timeouts + (r.requests.total - matching)),
  };
}

/** One short warm-up, then RUNS runs of SECONDS at CONNECTIONS; medians of requests/s and p99. */
export async function measure(url: string, options: RunOptions = {}): Promise<LoadResult> {
  await runOnce(url, options, 1);
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await runOnce(url, options, SECONDS));
  return {
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

export interface PairedResult extends LoadResult {
  reference: LoadResult;
  /** the median of the runs' ratios, each run against the reference run just before it */
  ratio: number;
  /** median server CPU µs per request of the target and of the reference, when measured */
  cpuPerRequest?: number;
  referenceCpuPerRequest?: number;
}

/**
 * RUNS pairs of runs, the reference then the target, one after the other: on a shared machine whose
 * load changes by the minute, each ratio compares two runs seconds apart.
 */
export async function measurePaired(
  reference: { url: string; pid?: number },
  url: string,
  options: RunOptions = {},
): Promise<PairedResult> {
  const referenceUrl = reference.url;
  const referenceOptions = { pid: reference.pid };
  await runOnce(referenceUrl, referenceOptions, 1);
  await runOnce(url, options, 1);
  const references: RunResult[] = [];
  const targets: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    references.push(await runOnce(referenceUrl, referenceOptions, SECONDS));
    targets.push(await runOnce(url, options, SECONDS));
  }
  const summary = (results: RunResult[]): LoadResult => ({
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  });
  return {
    ...summary(targets),
    reference: summary(references),
    ratio: median(targets.map((t, i) => t.rps / references[i]!.rps)),
    cpuPerRequest: medianOf(targets.map((t) => t.cpuPerRequest)),
    referenceCpuPerRequest: medianOf(references.map((r) => r.cpuPerRequest)),
  };
}
