/**
 * Start-up time: from spawning a server process to its first successful `GET /api/health`, on an
 * embedded database that already exists (the second start of a machine). Medians of a few runs, each
 * against a bare Fastify process started the same way in the same run (the reference), with their
 * spread, and the app's own account of where the time went (the steps of its `ready` log line).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A bare Fastify process answering /api/health: what any Node server pays to start. */
const BARE_FASTIFY = `import('fastify').then(async ({ default: Fastify }) => {
  const app = Fastify();
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
});`;

export interface StartCommand {
  name: string;
  command: string;
  args: string[];
}

export const BARE_FASTIFY_START: StartCommand = {
  name: 'bare Fastify process',
  command: process.execPath,
  args: ['-e', BARE_FASTIFY],
};

/** `npm start` as it runs once the client and server are built (no npm wrapper: it adds its own ~0.3 s). */
export const APP_START: StartCommand = {
  name: 'npm start (node scripts/start.js)',
  command: process.execPath,
  args: ['scripts/start.js'],
};

/** A port nothing listens on right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function healthy(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

/** CPU milliseconds (user + system, every thread) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export interface StartTime {
  /** wall milliseconds from spawn to the first healthy answer */
  wallMs: number;
  /** CPU milliseconds the process used until then: steadier than wall time on a busy machine */
  cpuMs: number;
  /** When each step of the start ended, in ms since the process started (the app's `ready` line). */
  steps?: Record<string, number>;
}

/** The `startupMs` of the app's `ready` log line (a JSON line at info level), if it wrote one. */
function readSteps(output: string): Record<string, number> | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('"startupMs"')) continue;
    try {
      return (JSON.parse(line) as { startupMs: Record<string, number> }).startupMs;
    } catch {
      // not a log line
    }
  }
  return undefined;
}

/** From spawn to the first healthy answer; the process is stopped afterwards. */
export async function timeStart(start: StartCommand, env: Record<string, string>): Promise<StartTime> {
  const port = await freePort();
  // At info the app logs one line when ready (with its steps) besides Fastify's own `listening` line.
  const child = spawn(start.command, start.args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const began = performance.now();
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let failed = false;
  child.once('exit', () => (failed = true));
  try {
    for (;;) {
      if (failed) throw new Error(`${start.name} exited before answering /api/health`);
      if (await healthy(port)) {
        const time: StartTime = { wallMs: performance.now() - began, cpuMs: cpuMs(child.pid!) };
        // The ready line is written just before listening ends: let it arrive.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ...time, steps: readSteps(output) };
      }
      if (performance.now() - began > 60_000) throw new Error(`${start.name} did not answer in 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export interface StartupFigures {
  app: StartTime;
  reference: StartTime;
  runs: { app: StartTime; reference: StartTime }[];
}

/** `min–max` of one measure over the runs, e.g. `1810–2240`. */
export function spread(runs: StartTime[], measure: 'wallMs' | 'cpuMs'): string {
  const values = runs.map((run) => run[measure]);
  return `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
}

/**
 * The app's start-up on an existing embedded database, and the bare reference, alternating runs so
 * drift on a shared machine hits both; medians. The first app start creates the database (not counted).
 */
export async function measureStartup(runs = 5, app: StartCommand = APP_START): Promise<StartupFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-startup-'));
  const env = { DATA_DIR: dataDir, SESSION_SECRET: 'startup-bench-secret-startup-bench-0001' };
  try {
    await timeStart(app, env); // creates and seeds the database; not counted
    const all: { app: StartTime; reference: StartTime }[] = [];
    for (let i = 0; i < runs; i++) {
      const reference = await timeStart(BARE_FASTIFY_START, env);
      all.push({ reference, app: await timeStart(app, env) });
    }
    const pick = (side: 'app' | 'reference'): StartTime => {
      const steps = all.map((r) => r[side].steps).filter((s): s is Record<string, number> => !!s);
      return {
        wallMs: median(all.map((r) => r[side].wallMs)),
        cpuMs: median(all.map((r) => r[side].cpuMs)),
        ...(steps.length
          ? {
              steps: Object.fromEntries(
                Object.keys(steps[0]!).map((k) => [k, median(steps.map((s) => s[k]!))]),
              ),
            }
          : {}),
      };
    };
    return { app: pick('app'), reference: pick('reference'), runs: all };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const viaTsx = process.argv.includes('--tsx');
  const file = process.argv.find((arg) => arg.endsWith('.js') && arg !== process.argv[1]);
  const result = await measureStartup(
    Number(process.env.STARTUP_RUNS ?? 5),
    viaTsx
      ? {
          name: 'tsx scripts/start.ts',
          command: path.join(root, 'node_modules/.bin/tsx'),
          args: ['scripts/start.ts'],
        }
      : file
        ? { name: file, command: process.execPath, args: [file] }
        : APP_START,
  );
  console.log(
    JSON.stringify({
      app: {
        ...result.app,
        wall: spread(
          result.runs.map((r) => r.app),
          'wallMs',
        ),
        cpu: spread(
          result.runs.map((r) => r.app),
          'cpuMs',
        ),
      },
      reference: {
        ...result.reference,
        wall: spread(
          result.runs.map((r) => r.reference),
          'wallMs',
        ),
      },
    }),
  );
}
