/**
 * The client's figures for `npm run bench` (issue 9, goals 5 and 6): the script downloaded before `/`
 * and a public event page are usable (Chromium), the first script's size raw / gzip / brotli, the
 * start-up of the compiled server against a bare Fastify process, and Lighthouse's mobile scores when
 * Chromium is there. `npx tsx scripts/bench/client.ts` prints them alone.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readClientManifest, staticChunks } from '../../src/server/http/client-manifest';
import { buildClient } from '../build-client';
import { buildServer } from '../build-server';
import { ROOT } from '../build-stamp.js';
import { printFigures, type Figure } from './figure';
import { measureJsBeforeInteraction } from './js-before-interaction';
import { IDLE_SCRIPT_BUDGET_BYTES } from './scripts-until-idle';
import { measureStartup, spread } from './startup';

const KB = 1000;
const SCRIPT_BUDGET = 120 * KB;
const STARTUP_GOAL_MS = 2000;
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

function bundleFigures(): Figure[] {
  const dir = path.join(ROOT, 'dist/web');
  const manifest = readClientManifest(dir);
  if (!manifest) return [];
  const first = staticChunks(manifest, ['index.html']).js;
  const size = (suffix: string) =>
    first.reduce((sum, file) => sum + statSync(path.join(dir, file + suffix)).size, 0);
  const raw = size('');
  const gzip = size('.gz');
  const brotli = size('.br');
  const main = manifest['index.html']!.file;
  return [
    {
      name: 'first script (entry and its imports), gzip',
      value: kb(gzip),
      unit: 'kB',
      ratio: gzip / raw,
      reference: `raw ${kb(raw)} kB`,
      goal: `≤ ${SCRIPT_BUDGET / KB} kB gzip`,
      met: gzip <= SCRIPT_BUDGET,
      detail: `brotli ${kb(brotli)} kB (${main}: ${kb(readFileSync(path.join(dir, main)).length)} kB raw)`,
    },
  ];
}

export async function benchClient(options: { lighthouse?: boolean } = {}): Promise<Figure[]> {
  await buildClient({ quiet: true });
  await buildServer({ quiet: true });
  const figures: Figure[] = [];

  const scripts = await measureJsBeforeInteraction();
  if (scripts) {
    for (const [label, page] of [
      ['`/`', scripts.home],
      ['public event page (8 dishes)', scripts.event],
    ] as const) {
      figures.push({
        name: `script until idle, ${label}`,
        value: kb(page.transferBytes),
        unit: 'kB on the wire',
        goal: `≤ ${IDLE_SCRIPT_BUDGET_BYTES / KB} kB until idle`,
        met: page.transferBytes <= IDLE_SCRIPT_BUDGET_BYTES,
        detail: `${page.scripts.length} scripts until idle, ${kb(page.gzipBytes)} kB gzip`,
      });
    }
  }
  figures.push(...bundleFigures());

  const startup = await measureStartup(Number(process.env.STARTUP_RUNS ?? 5));
  const apps = startup.runs.map((run) => run.app);
  figures.push({
    name: 'start-up on an existing embedded database',
    value: Math.round(startup.app.wallMs),
    unit: 'ms',
    ratio: startup.app.wallMs / startup.reference.wallMs,
    reference: `bare Fastify process ${Math.round(startup.reference.wallMs)} ms`,
    goal: `≤ ${STARTUP_GOAL_MS} ms`,
    met: startup.app.wallMs <= STARTUP_GOAL_MS,
    detail:
      `CPU ${Math.round(startup.app.cpuMs)} ms vs ${Math.round(startup.reference.cpuMs)} ms (ratio ` +
      `${(startup.app.cpuMs / startup.reference.cpuMs).toFixed(1)}); spawn → first healthy /api/health, median of ` +
      `${startup.runs.length} (wall ${spread(apps, 'wallMs')} ms, CPU ${spread(apps, 'cpuMs')} ms)` +
      (startup.app.steps
        ? `; steps ended at (ms): ${Object.entries(startup.app.steps)
            .map(([step, ms]) => `${step} ${ms}`)
            .join(', ')}`
        : ''),
  });

  if (options.lighthouse ?? process.env.BENCH_LIGHTHOUSE !== '0') {
    const { runLighthouse } = await import('../lighthouse');
    const audits = await runLighthouse(Number(process.env.LIGHTHOUSE_RUNS ?? 1));
    for (const audit of audits ?? []) {
      figures.push({
        name: `Lighthouse mobile performance, ${audit.path === '/' ? '`/`' : 'public event page'}`,
        value: audit.performance,
        unit: '/ 100',
        goal: '≥ 95',
        met: audit.performance >= 95,
        detail: `LCP ${(audit.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(audit.tbtMs)} ms, CLS ${audit.cls.toFixed(3)}, accessibility ${audit.accessibility}`,
      });
    }
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  printFigures('Client and start-up (issue 9, goals 5 and 6)', await benchClient());
}
