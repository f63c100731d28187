import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * The README's pictures, over the demo data: `README_SCREENS=1 npx tsx scripts/test-e2e.ts
 * tests/e2e/readme-screens.test.ts` rewrites docs/screens/*.png. Skipped otherwise.
 */
const enabled = process.env.README_SCREENS === '1';
const OUT = path.resolve('docs/screens');
let running: RunningApp;

describe.skipIf(!enabled)('README screenshots', () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    running = await startApp();
    await seedDemo(running.app.ctx);
  });
  afterAll(async () => {
    await running?.close();
  });

  it('the landing page and an event page, on a laptop and a phone', async () => {
    const browser = await launchBrowser();
    try {
      const [event] = await running.database.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.title, 'Lincoln Elementary Spring Fundraiser'));
      const shots: [string, string, { width: number; height: number }][] = [
        ['landing-1280.png', '/', DESKTOP],
        ['event-1280.png', `/events/public/${event!.id}`, DESKTOP],
        ['event-375.png', `/events/public/${event!.id}`, PHONE],
      ];
      for (const [file, url, viewport] of shots) {
        const { context, page } = await openPage(browser, running.url, viewport);
        const origin = new URL(running.url).origin;
        await context.route(
          (u) => u.origin !== origin,
          (route) => route.abort(),
        );
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({ path: path.join(OUT, file) });
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
