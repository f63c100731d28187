import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

let running: RunningApp;
let browser: Browser;
const ids: { pta: number; club: number; clubEvent: number } = { pta: 0, club: 0, clubEvent: 0 };

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
  const db = running.database.db;
  const truck = await createTruck(db, { businessName: 'Taco Loco', cuisine: 'Mexican' });
  const pta = await createUser(db, { businessName: 'Lincoln PTA' });
  const club = await createUser(db, { businessName: 'Chess Club' });
  for (let i = 0; i < 23; i++)
    await createEvent(db, {
      organizerId: pta.id,
      foodTruckId: truck.id,
      title: `PTA Night ${String(i + 1).padStart(2, '0')}`,
      daysAhead: 2 + i,
      currentSales: i === 0 ? 12_500 : 0,
      minimumSales: 50_000,
    });
  const clubEvent = await createEvent(db, {
    organizerId: club.id,
    foodTruckId: truck.id,
    title: 'Chess Club Cook-off',
  });
  Object.assign(ids, { pta: pta.id, club: club.id, clubEvent: clubEvent.id });
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  describe(`the embed at ${viewport.width}px`, () => {
    it('pages through every event with its progress, and narrows to one organizer or one event', async () => {
      const { page, context, errors } = await openPage(browser, running.url, viewport);
      await page.goto(`/embed?organizer=${ids.pta}`);
      const list = page.getByRole('listitem');
      await page.getByRole('heading', { name: 'PTA Night 01' }).waitFor();
      expect(await list.count()).toBe(20);
      const first = list.filter({ has: page.getByRole('heading', { name: 'PTA Night 01' }) });
      expect(
        await first.getByRole('progressbar', { name: 'Funding progress' }).getAttribute('aria-valuetext'),
      ).toBe('25% funded');
      await first.getByText('$125.00').waitFor();
      expect(await page.getByText('Chess Club Cook-off').count()).toBe(0);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: path.resolve(`docs/screens/embed-${viewport.width}.png`) });

      await page.getByRole('button', { name: 'Load more events' }).click();
      await page.getByRole('heading', { name: 'PTA Night 23' }).waitFor();
      expect(await list.count()).toBe(23);
      expect(await page.getByRole('button', { name: 'Load more events' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto(`/embed?event=${ids.clubEvent}`);
      await page.getByRole('heading', { level: 1, name: 'Pre-order from this food truck event' }).waitFor();
      await page.getByRole('heading', { name: 'Chess Club Cook-off' }).waitFor();
      expect(await list.count()).toBe(1);
      const view = page.getByRole('link', { name: 'View event: Chess Club Cook-off (opens in a new tab)' });
      expect(await view.getAttribute('target')).toBe('_blank');
      expect(await view.getAttribute('href')).toBe(`/events/public/${ids.clubEvent}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
