/**
 * One app instance of the orders bench (scripts/bench/orders.ts), in a child process of its own:
 * `orders-instance.ts <database url>` builds the app on that database, listens on a free port and
 * counts the SQL statements it sends; the parent starts, reads and stops it through `Instance`.
 *
 *   BENCH_PROFILE  set: each instance writes a CPU profile to /tmp/orders-prof
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SELF = fileURLToPath(import.meta.url);
const CORES = os.cpus().length;

export interface StatementCounts {
  statements: number;
  transactions: number;
  simulator: number;
  /** `select 1` on the listening connection: a write's catch-up with the public-read cache */
  catchUps: number;
  /** CPU time this process has used, in ms */
  cpuMs: number;
}

async function serve(url: string): Promise<void> {
  const counts: StatementCounts = { statements: 0, transactions: 0, simulator: 0, catchUps: 0, cpuMs: 0 };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    counts.statements++;
    if (/^\s*begin/i.test(text)) counts.transactions++;
    if (/simulator_/.test(text)) counts.simulator++;
    if (text === 'select 1') counts.catchUps++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  const { buildApp } = await import('../../src/server/app.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const database = await openDatabase({ url });
  const config = loadConfig({
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
    DATA_DIR: '/tmp/foodtruck-bench',
    RATE_LIMIT_ORDERS: 'off',
  });
  const app = await buildApp(config, { database, serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'counts') {
      const cpu = process.cpuUsage();
      process.send!({ type: 'counts', counts: { ...counts, cpuMs: (cpu.user + cpu.system) / 1000 } });
    }
    if (message.type === 'stop') {
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port });
}

export class Instance {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  /** `core`: that core alone; otherwise every core (not the load generator's, should it be pinned). */
  static start(url: string, core: number | undefined): Promise<Instance> {
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/orders-prof'] : [];
    const args = [...process.execArgv, ...profile, SELF, url];
    const cores = core === undefined ? `0-${CORES - 1}` : String(core);
    const child = hasTaskset()
      ? spawn('taskset', ['-c', cores, process.execPath, ...args], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        })
      : spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
      child.once('message', (message: { type: string; port: number }) => {
        if (message.type === 'ready') resolve(new Instance(child, message.port));
      });
    });
  }

  counts(): Promise<StatementCounts> {
    return new Promise((resolve) => {
      const listen = (message: { type: string; counts: StatementCounts }) => {
        if (message.type !== 'counts') return;
        this.child.off('message', listen);
        resolve(message.counts);
      };
      this.child.on('message', listen);
      this.child.send({ type: 'counts' });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' });
    });
  }
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] === SELF) await serve(process.argv[2]!);
