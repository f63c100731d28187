/**
 * The language switcher in the header (issue 41, decision 228): on the event page, Español turns the
 * page's words and <html lang> Spanish at once, and a reload comes back Spanish from the server (the
 * choice is kept in the browser), its share card too. English is what a browser without a choice sees.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

let running: RunningApp;
let browser: Browser;
let eventPath: string;

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
  const db = running.database.db;
  const organizer = await createUser(db, { businessName: 'Lincoln Elementary PTA' });
  const truck = await createTruck(db, { businessName: 'Taco Loco', cuisine: 'Mexican' });
  await createMenuItem(db, { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  const event = await createEvent(db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title: 'Library Books Taco Night',
    minimumSales: 30_000,
    priceMarkupPercentage: 1000,
  });
  eventPath = `/events/public/${event.id}`;
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

describe('the language switcher', () => {
  it('turns the event page Spanish, <html lang> with it, and a reload keeps it', async () => {
    const { context, page, errors } = await openPage(browser, running.url, PHONE);
    try {
      await page.goto(eventPath);
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
      await page.getByText('Funding Progress').first().waitFor();

      await page.getByLabel('Language').selectOption('es');
      await page.getByText('Progreso de la meta').first().waitFor();
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe('es');
      expect(await page.getByText('Funding Progress').count()).toBe(0);
      // The event's own words are as its organizer wrote them.
      expect(await page.getByText('Library Books Taco Night').count()).toBeGreaterThan(0);

      await page.reload();
      // From the server, before any script: the page and its share card in Spanish.
      const html = await (await context.request.get(eventPath)).text();
      expect(html).toMatch(/<html lang="es"/);
      expect(html).toContain('content="Library Books Taco Night con Taco Loco"');
      await page.getByText('Progreso de la meta').first().waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await expect.poll(() => page.getByLabel('Idioma').inputValue()).toBe('es');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
