/**
 * npm run lighthouse: Lighthouse's mobile audit (performance and accessibility, simulated slow 4G and a
 * mid-range phone, as PageSpeed runs it) of `/` and a public event page of the built app with the demo
 * data, in Debian's Chromium. Prints the scores, LCP, TBT and CLS; the goal is performance ≥ 95.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveBuiltApp } from './bench/serve-built-app';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's measure of this machine's speed at the time (lower on a busy machine) */
  benchmarkIndex: number;
  /** the audits that cost the most, for the reader who wants to improve the score */
  opportunities: string[];
  /** every run's performance score, lowest first (the figures above are the median run's) */
  runs?: number[];
}

async function audit(port: number, url: string, pagePath: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORTS=dir keeps each full report, to read what the main thread spent its time on.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = pagePath === '/' ? 'home' : pagePath.replace(/\W+/g, '-').replace(/^-|-$/g, '');
    writeFileSync(path.join(reports, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.details?.type === 'opportunity')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  // What moved, when anything did: the elements Lighthouse blames for the layout shift.
  const shifts = (
    lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] }
  )?.items;
  for (const item of shifts ?? []) {
    if (item.node?.snippet)
      opportunities.push(`layout shift ${item.score?.toFixed(3)}: ${item.node.snippet.slice(0, 120)}`);
  }
  const lcpElement = (
    lhr.audits['largest-contentful-paint-element']?.details as {
      items?: { items?: { node?: { snippet?: string } }[] }[];
    }
  )?.items?.[0]?.items?.[0]?.node?.snippet;
  if (lcpElement) opportunities.push(`LCP element: ${lcpElement.slice(0, 120)}`);
  return {
    path: pagePath,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    opportunities,
  };
}

/**
 * Chromium sometimes leaves the navigation's start out of the trace (Lighthouse's NO_NAVSTART; its
 * maintainers' advice is to run it again): such a run has no figures and is run again, twice at most.
 */
async function auditWithRetries(port: number, url: string, pagePath: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, pagePath);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
    }
  }
}

/** Both pages, each audited `runs` times (the median performance run is kept); null without Chromium. */
export async function runLighthouse(runs = 1): Promise<LighthouseFigures[] | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const served = await serveBuiltApp();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const pagePath of ['/', served.eventPath]) {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++)
        all.push(await auditWithRetries(chrome.port, `${served.baseUrl}${pagePath}`, pagePath));
      all.sort((a, b) => a.performance - b.performance);
      figures.push({ ...all[Math.floor(all.length / 2)]!, runs: all.map((run) => run.performance) });
    }
    return figures;
  } finally {
    await chrome.kill();
    await served.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const figures = await runLighthouse(Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  if (!figures) {
    console.log(
      `No Chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  } else {
    console.log(
      `Lighthouse, mobile (simulated slow 4G, 4× CPU slowdown); goal: performance ≥ 95; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores\n`,
    );
    for (const f of figures) {
      console.log(
        `${f.path.padEnd(20)} performance ${String(f.performance).padStart(3)}   accessibility ${String(f.accessibility).padStart(3)}   LCP ${(f.lcpMs / 1000).toFixed(2)} s   TBT ${Math.round(f.tbtMs)} ms   CLS ${f.cls.toFixed(3)}   FCP ${(f.fcpMs / 1000).toFixed(2)} s   benchmark index ${f.benchmarkIndex}${f.runs && f.runs.length > 1 ? `   (runs ${f.runs.join(', ')})` : ''}`,
      );
      for (const o of f.opportunities) console.log(`${''.padEnd(20)} - ${o}`);
    }
  }
}
