import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chatConversations, chatMessages, events } from '../../src/server/db/schema';
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
  it("the desk: the organizer's dashboard, the truck's event day and support's monitor", async () => {
    const browser = await launchBrowser();
    try {
      const [booked] = await running.database.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.title, 'Lincoln Elementary Spring Fundraiser'));
      // A diner of the demo data (their orders belong to browser session demo-1) asks support.
      const now = Date.now();
      const [conversation] = await running.database.db
        .insert(chatConversations)
        .values({ visitorKey: 'guest:demo-1', displayName: 'Guest' })
        .returning();
      await running.database.db.insert(chatMessages).values({
        id: `msg-${now}-readme`,
        conversationId: conversation!.id,
        text: 'Hi! Where do I pick up my tacos on Saturday?',
        sender: 'Guest',
        senderRole: 'visitor',
        page: `/events/public/${booked!.id}`,
        timestamp: now,
      });
      const shots: [string, string, string, { width: number; height: number }][] = [
        ['organizer-dashboard-1280.png', 'olivia', '/', DESKTOP],
        ['organizer-dashboard-375.png', 'olivia', '/', PHONE],
        ['organizer-profile-375.png', 'olivia', '/profile', PHONE],
        ['event-day-375.png', 'tacoloco', `/bookings/${booked!.id}/day`, PHONE],
        ['bookings-1280.png', 'tacoloco', '/bookings', DESKTOP],
        ['chat-monitor-1280.png', 'admin', '/admin/chat', DESKTOP],
      ];
      for (const [file, username, url, viewport] of shots) {
        const { context, page } = await openPage(browser, running.url, viewport);
        const origin = new URL(running.url).origin;
        await context.route(
          (u) => u.origin !== origin,
          (route) => route.abort(),
        );
        await context.request.post(`${running.url}/api/login`, {
          data: { username, password: 'password123' },
          headers: { Origin: running.url },
        });
        await page.goto(url);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        await page.screenshot({ path: path.join(OUT, file), fullPage: viewport === PHONE });
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
