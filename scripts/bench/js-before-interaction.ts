/**
 * How much JavaScript a first-time visitor downloads before a page can be used: the built app opened
 * in Debian's Chromium with an empty cache; every script requested until the page has fired `load`,
 * shows its main heading and is hydrated (`html[data-ready]`) counts. Sizes are gzip (level 9) of each
 * script, the unit, and the bytes actually transferred (brotli, as served).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveBuiltApp } from './serve-built-app';

/** The built client `serveBuiltApp` serves. */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

export interface PageScripts {
  path: string;
  /** gzip bytes of the scripts loaded before the page was usable */
  gzipBytes: number;
  /** bytes on the wire (response bodies as sent: brotli) */
  transferBytes: number;
  scripts: { url: string; gzipBytes: number; transferBytes: number }[];
}

export async function measurePageScripts(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  heading: RegExp | string,
): Promise<PageScripts> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  let usable = false;
  const pending: Promise<PageScripts['scripts'][number] | null>[] = [];
  page.on('request', (request) => {
    if (usable || request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const url = new URL(request.url()).pathname;
        try {
          const body = await response.body();
          const sizes = await request.sizes();
          return {
            url,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            transferBytes: sizes.responseBodySize,
          };
        } catch {
          // Chromium gives no body for a module fetched twice at once (a chunk the page imports ahead of
          // its use, and again); the file it served is the built one.
          const file = path.join(WEB_DIR, url);
          return {
            url,
            gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length,
            transferBytes: statSync(`${file}.br`).size,
          };
        }
      })(),
    );
  });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ state: 'visible' });
  // A page the server rendered is seen before its scripts have run, and used once they have: the app
  // marks the moment it is hydrated (or rendered) and its buttons respond.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  usable = true;
  const scripts = (await Promise.all(pending)).filter((s) => s !== null);
  await context.close();
  return {
    path: pagePath,
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
    transferBytes: scripts.reduce((sum, s) => sum + s.transferBytes, 0),
    scripts,
  };
}

/** `/` and a public event page of the demo data; null when there is no Chromium. */
export async function measureJsBeforeInteraction(): Promise<{
  home: PageScripts;
  event: PageScripts;
} | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const home = await measurePageScripts(browser, served.baseUrl, '/', /fundraising with food trucks/i);
    const title = await page0Title(served.baseUrl, served.eventPath);
    const event = await measurePageScripts(browser, served.baseUrl, served.eventPath, title);
    return { home, event };
  } finally {
    await browser.close();
    await served.close();
  }
}

async function page0Title(baseUrl: string, eventPath: string): Promise<string> {
  const id = eventPath.split('/').pop();
  const event = (await (await fetch(`${baseUrl}/api/events/${id}`)).json()) as { title: string };
  return event.title;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measureJsBeforeInteraction();
  if (!result) console.log(`No Chromium at ${CHROMIUM_PATH}`);
  else
    for (const page of [result.home, result.event]) {
      console.log(
        `${page.path}: ${(page.gzipBytes / 1000).toFixed(1)} kB gzip, ${(page.transferBytes / 1000).toFixed(1)} kB transferred`,
      );
      for (const s of page.scripts) console.log(`   ${s.url}  ${(s.gzipBytes / 1000).toFixed(1)} kB gzip`);
    }
}
