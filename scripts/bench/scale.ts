/**
 * The scale bench: one PostgreSQL database grown from 1× to 10× (and with `--100x`, or BENCH_SCALE_MAX=100,
 * to 100×) a season (scripts/bench/scale-data.ts), and at each size the median and p99 of every answer
 * that could grow with the data, a pass of every reconciler task, the server's memory during a
 * 100,000-order CSV, and EXPLAIN of every statement those ran (any sequential scan of a large table is
 * printed). Then each figure's p99 at the largest size against 1×: flat when it is within 1.5 × the 1×
 * p99 plus the hello route's p99 in the same run (the machine's noise, tens of ms on a busy shared box).
 *
 *   BENCH_DATABASE_URL        PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 *                             the bench drops and creates its own database `bench_scale` there
 *   BENCH_SCALE_MAX           largest size, 10 (default) or 100 (minutes of seeding)
 *   BENCH_SCALE_SECONDS       seconds of load per figure (default 3), BENCH_SCALE_CONNECTIONS (default 4)
 *   BENCH_SCALE_KEEP=1        keep the database afterwards (to EXPLAIN by hand)
 *   BENCH_SCALE_DATABASE      the database's name (default bench_scale), for two runs side by side
 */
import pg from 'pg';

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import type { Figure } from './figure';
import { startServer } from './load';
import { csvMemory, loadFigure, login, type Measured } from './scale-load';
import { capture, captureStatements, explainCaptured } from './scale-plans';
import { growSeason, PER_SCALE, PROBE_EVENT_ORDERS, seedProbes, type Probes } from './scale-data';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_SCALE_DATABASE ?? 'bench_scale';
/** Enough passes that the p99 is not simply the slowest one (a pass finds nothing due in about 1 ms). */
const TASK_PASSES = 200;
const FLAT_GOAL = 1.5;
const SERVE_CONFIG = {
  RATE_LIMIT_CHAT: 'off',
  RATE_LIMIT_SESSIONS: 'off',
  PAYOUT_DELAY_HOURS: '72',
};

export function scaleSizes(argv: readonly string[] = process.argv): number[] {
  const max = argv.includes('--100x') ? 100 : Number(process.env.BENCH_SCALE_MAX ?? 10);
  return [1, 10, 100].filter((s) => s <= max);
}

interface SizeResult {
  scale: number;
  rows: Record<string, number>;
  figures: Measured[];
  csvRss: { idleMb: number; peakMb: number; bytes: number };
  seqScans: string[];
}

function databaseUrl(): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, number> = {};
    for (const table of [
      'events',
      'users',
      'pending_orders',
      'pending_order_items',
      'status_transitions',
      'outbox',
      'chat_messages',
    ]) {
      const { rows: r } = await client.query<{ n: string }>(`select count(*)::text as n from ${table}`);
      rows[table] = Number(r[0]!.n);
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** The answers to measure, each as its user asks for it. */
async function endpoints(base: string, probes: Probes) {
  const organizer = await login(base, 'scale_organizer');
  const truck = await login(base, 'scale_truck');
  const admin = await login(base, 'scale_admin');
  // A deep page of the public list: 50 pages of 20 in.
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = (await (
      await fetch(`${base}/api/events/public${cursor ? `?cursor=${cursor}` : ''}`)
    ).json()) as {
      nextCursor: string | null;
    };
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  let adminCursor: string | null = null;
  for (let i = 0; i < 40; i++) {
    const page = (await (
      await fetch(`${base}/api/admin/events${adminCursor ? `?cursor=${adminCursor}` : ''}`, {
        headers: { cookie: admin },
      })
    ).json()) as { nextCursor?: string | null };
    if (!page.nextCursor) break;
    adminCursor = page.nextCursor;
  }
  const adminDeep = adminCursor ? `/api/admin/events?cursor=${adminCursor}` : '/api/admin/events?page=40';
  // The payout statement's last page: 25 events a page, the oldest of the probe truck's.
  let statementCursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page = (await (
      await fetch(`${base}/api/payouts${statementCursor ? `?cursor=${statementCursor}` : ''}`, {
        headers: { cookie: truck },
      })
    ).json()) as { nextCursor?: string | null };
    if (!page.nextCursor) break;
    statementCursor = page.nextCursor;
  }
  return [
    { name: 'public list, first page', path: '/api/events/public' },
    { name: 'public list, page 51', path: `/api/events/public${cursor ? `?cursor=${cursor}` : ''}` },
    { name: 'event answer (30 orders)', path: `/api/events/${probes.eventId}` },
    { name: 'event answer (100,000 orders)', path: `/api/events/${probes.bigEventId}` },
    {
      name: 'organizer: my events (40)',
      path: `/api/events/organizer/${probes.organizerId}`,
      cookie: organizer,
    },
    {
      name: 'organizer: event orders, first page',
      path: `/api/events/${probes.bigEventId}/orders`,
      cookie: organizer,
    },
    {
      name: 'organizer: event orders CSV (100,000)',
      path: `/api/events/${probes.bigEventId}/orders.csv`,
      cookie: organizer,
    },
    { name: 'truck: bookings and prep lists (301)', path: '/api/bookings', cookie: truck },
    { name: 'truck: event day (30 orders)', path: `/api/bookings/${probes.eventId}/orders`, cookie: truck },
    { name: 'truck: pending requests', path: `/api/events/pending/${probes.truckId}`, cookie: truck },
    { name: 'truck: payout statement, first page', path: '/api/payouts', cookie: truck },
    {
      name: 'truck: payout statement, last page',
      path: `/api/payouts${statementCursor ? `?cursor=${statementCursor}` : ''}`,
      cookie: truck,
    },
    { name: 'admin: events, first page', path: '/api/admin/events', cookie: admin },
    { name: 'admin: events, page 41', path: adminDeep, cookie: admin },
    { name: 'chat history (200 messages)', path: '/api/chat/history', cookie: organizer },
  ];
}

async function measureSize(
  scale: number,
  url: string,
  probes: Probes,
  log: (line: string) => void,
): Promise<SizeResult> {
  const rows = await countRows(url);
  log(
    `${scale}×: ${Object.entries(rows)
      .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  const hello = await startServer({ BENCH_SERVE: 'hello' });
  const server = await startServer({
    BENCH_SERVE: 'app',
    BENCH_SERVE_DATABASE_URL: url,
    BENCH_SERVE_DATA: JSON.stringify(probes),
    BENCH_SERVE_CONFIG: JSON.stringify(SERVE_CONFIG),
  });
  const figures: Measured[] = [];
  let csvRss = { idleMb: 0, peakMb: 0, bytes: 0 };
  const list = await endpoints(server.url, probes);
  try {
    // The CSV's memory first, on a server that has answered nothing big yet.
    const csv = list.find((e) => e.path.endsWith('orders.csv'))!;
    csvRss = await csvMemory(server, `${server.url}${csv.path}`, csv.cookie!);
    log(
      `  RSS ${Math.round(csvRss.idleMb)} MB idle, ${Math.round(csvRss.peakMb)} MB at most during the CSV (${(csvRss.bytes / 1e6).toFixed(1)} MB)`,
    );
    figures.push(await loadFigure('hello (the machine)', `${hello.url}/hello`));
    for (const e of list) {
      const figure = await loadFigure(e.name, `${server.url}${e.path}`, e.cookie);
      log(`  ${e.name}: median ${figure.median} ms, p99 ${figure.p99} ms (${figure.detail})`);
      figures.push(figure);
    }
  } finally {
    await server.stop();
    await hello.stop();
  }

  // Reconciler passes and EXPLAIN, in this process.
  const database = await openDatabase({ url });
  const app: FastifyInstance = await buildApp(
    loadConfig({
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'silent',
      RECONCILER_INTERVAL_MS: '0',
      DATA_DIR: '/tmp/foodtruck-bench',
      ...SERVE_CONFIG,
    }),
    { database, serveClient: false },
  );
  capture.statements.clear();
  try {
    for (const e of list) {
      capture.by = e.name;
      await app.inject({ method: 'GET', url: e.path, headers: e.cookie ? { cookie: e.cookie } : {} });
    }
    for (const task of app.ctx.reconciler.tasks()) {
      // A season leaves work due at the moment it is measured (reminders of events starting within a
      // day, payouts to settle), and more of it the larger the season. Each task works off at most a
      // batch a pass, so that backlog is worked off first and reported on its own; the timed passes are
      // what a pass costs when it has to find what is due among all the data.
      capture.by = `task ${task.name}`;
      const backlog = await workOffBacklog(task);
      const times: number[] = [];
      for (let i = 0; i < TASK_PASSES; i++) {
        capture.by = i === 0 ? `task ${task.name}` : null;
        const started = performance.now();
        await task.run();
        times.push(performance.now() - started);
      }
      capture.by = null;
      times.sort((a, b) => a - b);
      const figure = {
        name: `pass of ${task.name}`,
        median: round(times[Math.floor(times.length / 2)]!),
        p99: round(times[Math.floor(times.length * 0.99) - 1]!),
        failures: 0,
        detail: `${TASK_PASSES} passes, slowest ${round(times.at(-1)!)} ms`,
      };
      const backlogNote =
        backlog.passes > 0
          ? ` (after ${backlog.passes} ${backlog.passes === 1 ? 'pass' : 'passes'} working off the backlog, slowest ${round(backlog.slowestMs)} ms)`
          : '';
      log(
        `  ${figure.name}: median ${figure.median} ms, p99 ${figure.p99} ms, max ${round(times.at(-1)!)} ms${backlogNote}`,
      );
      figures.push(figure);
    }
  } finally {
    capture.by = null;
    await app.close();
    await database.close();
  }
  const seqScans = await explainCaptured(url, log);
  log(
    `  EXPLAIN of ${capture.statements.size} statements: ${seqScans.length === 0 ? 'every large table read through an index' : `${seqScans.length} findings`}`,
  );
  for (const s of seqScans) log(`    ${s}`);
  return { scale, rows, figures, csvRss, seqScans };
}

/** At most this many passes work off what a task finds due when it is first run at a size. */
const BACKLOG_PASSES = 200;

/** Runs a task until a pass does nothing (its result counts no work), up to BACKLOG_PASSES. */
async function workOffBacklog(task: { run(): Promise<unknown> }) {
  let passes = 0;
  let slowestMs = 0;
  while (passes < BACKLOG_PASSES) {
    const started = performance.now();
    const result = await task.run();
    if (!didWork(result)) break;
    passes++;
    slowestMs = Math.max(slowestMs, performance.now() - started);
  }
  return { passes, slowestMs };
}

/** Whether a task's result counts any work: a positive number, in itself or among its fields. */
function didWork(result: unknown): boolean {
  if (typeof result === 'number') return result > 0;
  if (Array.isArray(result)) return result.length > 0;
  if (result && typeof result === 'object') return Object.values(result).some(didWork);
  return result === true;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

export async function benchScale(log: (line: string) => void = console.log): Promise<Figure[]> {
  const sizes = scaleSizes();
  captureStatements();
  await onServer(`drop database if exists ${DATABASE} with (force)`);
  await onServer(`create database ${DATABASE}`);
  const url = databaseUrl();
  const migrated = await openDatabase({ url });
  await migrated.close();
  const now = Date.now();
  const results: SizeResult[] = [];
  try {
    let started = performance.now();
    const probes = await seedProbes(url, now);
    let grown = 0;
    for (const scale of sizes) {
      await growSeason(url, grown, scale, now, (line) => log(`  seeding ${scale}×: ${line}`));
      grown = scale;
      log(`${scale}× seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      results.push(await measureSize(scale, url, probes, log));
      started = performance.now();
    }
  } finally {
    if (process.env.BENCH_SCALE_KEEP !== '1')
      await onServer(`drop database if exists ${DATABASE} with (force)`);
  }
  return toFigures(results);
}

/** Each figure at the largest size against 1×, with the hello route's p99 as the allowance for noise. */
function toFigures(results: SizeResult[]): Figure[] {
  const first = results[0]!;
  const last = results.at(-1)!;
  // The machine's noise: the hello route's p99 in the same run, allowed on top of 1.5 × the 1× figure.
  const noise = last.figures[0]!.p99;
  const figures: Figure[] = [];
  for (const [i, f] of last.figures.entries()) {
    if (i === 0) continue;
    const base = first.figures.find((b) => b.name === f.name);
    if (!base) continue;
    const growth = f.p99 / Math.max(base.p99, 0.01);
    const bySize = results
      .map((r) => {
        const at = r.figures.find((x) => x.name === f.name);
        return at ? `${r.scale}×: ${at.median}/${at.p99}` : '';
      })
      .join(', ');
    figures.push({
      name: f.name,
      value: f.p99,
      unit: `ms p99 at ${last.scale}×`,
      ratio: growth,
      reference: `${base.p99} ms at 1×`,
      goal: `≤ ${FLAT_GOAL} × the 1× p99 + hello's p99 (${noise} ms)`,
      met: f.p99 <= FLAT_GOAL * base.p99 + noise && f.failures === 0,
      detail: `median/p99 ms ${bySize}${f.failures ? `; ${f.failures} failed answers` : ''}`,
    });
  }
  for (const r of results) {
    figures.push({
      name: `RSS during the ${PROBE_EVENT_ORDERS.toLocaleString('en-US')}-order CSV at ${r.scale}×`,
      value: Math.round(r.csvRss.peakMb),
      unit: 'MB',
      ratio: r.csvRss.peakMb / r.csvRss.idleMb,
      reference: `idle ${Math.round(r.csvRss.idleMb)} MB`,
      goal: '< 1.5 × idle',
      met: r.csvRss.peakMb < 1.5 * r.csvRss.idleMb,
      detail: `${(r.csvRss.bytes / 1e6).toFixed(1)} MB of CSV`,
    });
    figures.push({
      name: `sequential scans of large tables at ${r.scale}×`,
      value: r.seqScans.filter((s) => s.includes('Seq Scan')).length,
      unit: 'statements',
      goal: 'none; no OFFSET',
      met: r.seqScans.length === 0,
      detail: `${(r.rows.events ?? 0).toLocaleString('en-US')} events, ${(r.rows.pending_orders ?? 0).toLocaleString('en-US')} orders`,
    });
  }
  figures.push({
    name: 'hello p99 (the machine)',
    value: last.figures[0]!.p99,
    unit: `ms at ${last.scale}×`,
    reference: `${first.figures[0]!.p99} ms at 1×`,
    goal: 'none (noise)',
    met: true,
  });
  return figures;
}

export const SEASON = PER_SCALE;
