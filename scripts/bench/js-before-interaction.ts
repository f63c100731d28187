/**
 * How much JavaScript a first-time visitor downloads on `/` and a public event page (eight dishes)
 * before the page is idle: the built app opened in Debian's Chromium with an empty cache, every script
 * counted until the page is ready, settled and the network quiet (scripts-until-idle.ts, decision 232).
 * Sizes are the bytes on the wire (brotli, as served) and gzip (level 9) of each script.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveBuiltApp } from './serve-built-app';
import { describeScripts, scriptsUntilIdle, type ScriptsUntilIdle } from './scripts-until-idle';

/** `/` and a public event page of the demo data; null when there is no Chromium. */
export async function measureJsBeforeInteraction(): Promise<{
  home: ScriptsUntilIdle;
  event: ScriptsUntilIdle;
} | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const served = await serveBuiltApp();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const settled = process.env.BENCH_NO_SETTLED_MARK !== '1';
  const measure = async (pagePath: string) => {
    const context = await browser.newContext({
      baseURL: served.baseUrl,
      viewport: { width: 412, height: 823 },
    });
    try {
      return await scriptsUntilIdle(await context.newPage(), pagePath, { settled });
    } finally {
      await context.close();
    }
  };
  try {
    return { home: await measure('/'), event: await measure(served.eventPath) };
  } finally {
    await browser.close();
    await served.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measureJsBeforeInteraction();
  if (!result) console.log(`No Chromium at ${CHROMIUM_PATH}`);
  else for (const page of [result.home, result.event]) console.log(describeScripts(page));
}
