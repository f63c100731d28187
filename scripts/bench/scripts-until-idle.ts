/**
 * Every script a first-time visitor's browser fetches until the page is idle (issue 42, decision 232):
 * the page opened with an empty cache, every script response recorded with the bytes it took on the
 * wire (brotli, as served) and its gzip size, until the page is ready (`html[data-ready]`), its
 * after-load phase has begun (`html[data-settled]`: what mounts "once the page has loaded and the
 * browser is idle" has mounted) and the network has then been quiet for `QUIET_MS` with nothing in
 * flight. The budget test (tests/e2e/event-page-weight.test.ts) and `npm run bench` both count this way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/** The built client. */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** The budget of issue 42: script before idle on `/` and a public event page, compressed (KB = 1,000 B). */
export const IDLE_SCRIPT_BUDGET_BYTES = 150_000;

const LONG_LIVED = new Set(['eventsource', 'websocket']);

/** Network idle as Playwright and Lighthouse define it: nothing in flight for this long. */
const QUIET_MS = 500;

export interface ScriptsUntilIdle {
  path: string;
  /** bytes on the wire (compressed bodies as served) */
  transferBytes: number;
  /** gzip (level 9) of the same files, the unit of the first-script budget */
  gzipBytes: number;
  scripts: { url: string; transferBytes: number; gzipBytes: number }[];
}

/**
 * Opens `pagePath` in `page` (a fresh context: empty cache) and counts its scripts until idle.
 * `settled: false` skips waiting for the after-load mark (a build from before it existed).
 */
export async function scriptsUntilIdle(
  page: Page,
  pagePath: string,
  options: { settled?: boolean } = {},
): Promise<ScriptsUntilIdle> {
  const inFlight = new Set<Request>();
  let lastActivity = 0;
  const recorded: Promise<ScriptsUntilIdle['scripts'][number] | null>[] = [];
  const onRequest = (request: Request) => {
    // A stream (live progress, the support chat) stays open by design: not a request in flight.
    if (LONG_LIVED.has(request.resourceType())) return;
    inFlight.add(request);
    lastActivity = performance.now();
  };
  const onDone = (request: Request) => {
    inFlight.delete(request);
    lastActivity = performance.now();
    if (request.resourceType() === 'script' || request.url().endsWith('.js')) recorded.push(measure(request));
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', (request) => {
    inFlight.delete(request);
    lastActivity = performance.now();
  });
  await page.goto(pagePath, { waitUntil: 'load' });
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  if (options.settled !== false) await page.locator('html[data-settled]').waitFor({ state: 'attached' });
  // Network idle: nothing in flight and nothing started for QUIET_MS (what "idle" means to a browser).
  for (;;) {
    const quietFor = performance.now() - lastActivity;
    if (inFlight.size === 0 && quietFor >= QUIET_MS) break;
    await page.waitForTimeout(inFlight.size > 0 ? 50 : QUIET_MS - quietFor);
  }
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  const scripts = (await Promise.all(recorded)).filter((s) => s !== null);
  return {
    path: pagePath,
    transferBytes: scripts.reduce((sum, s) => sum + s.transferBytes, 0),
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    scripts,
  };
}

async function measure(request: Request): Promise<ScriptsUntilIdle['scripts'][number] | null> {
  const response = await request.response();
  if (!response) return null;
  const url = new URL(request.url()).pathname;
  const sizes = await request.sizes();
  let body: Buffer;
  try {
    body = await response.body();
  } catch {
    // Chromium gives no body for a module fetched twice at once; the file it served is the built one.
    body = readFileSync(path.join(WEB_DIR, url));
  }
  return { url, transferBytes: sizes.responseBodySize, gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** One line per page and one per script, largest first: what the bench and a failing test print. */
export function describeScripts(result: ScriptsUntilIdle): string {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  return [
    `${result.path}: ${kb(result.transferBytes)} KB on the wire (${kb(result.gzipBytes)} KB gzip) in ${result.scripts.length} scripts`,
    ...[...result.scripts]
      .sort((a, b) => b.transferBytes - a.transferBytes)
      .map((s) => `   ${s.url}  ${kb(s.transferBytes)} KB (${kb(s.gzipBytes)} gzip)`),
  ].join('\n');
}
