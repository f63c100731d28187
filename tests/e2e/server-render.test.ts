/**
 * The landing page and the public event page arrive rendered in their HTML, and the browser hydrates
 * that HTML instead of rebuilding it (decision 108).
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
  await createMenuItem(db, { foodTruckId: truck.id, name: 'Horchata', price: 300, category: 'Drink' });
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

describe('pages rendered by the server', () => {
  it('shows the event, its progress and its menu with JavaScript off', async () => {
    const context = await browser.newContext({
      baseURL: running.url,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto(eventPath);
      const text = await page.locator('#root').innerText();
      expect(text).toContain('Library Books Taco Night');
      expect(text).toContain('Funding Progress');
      expect(text).toContain('raised of $300.00 goal');
      expect(text).toContain('Al Pastor Taco');
      // 10% markup and the platform fee: the diner's price, as the browser shows it.
      expect(text).toContain('$10.00 menu price + $1.00 organizer markup + $0.50 platform fee (5%)');
      expect(await page.title()).toContain('Library Books Taco Night');

      await page.goto('/');
      expect(await page.getByText('Create Event').count()).toBeGreaterThan(0);
      expect(await page.title()).toBe('Fundraising with Food Trucks · Food Truck Fund');
    } finally {
      await context.close();
    }
  });

  it('is painted before its scripts load, then hydrated, not rebuilt: the HTML stays, and its buttons work', async () => {
    const { context, page, errors } = await openPage(browser, running.url, PHONE);
    try {
      // Hold the app's script until the server's heading has been marked, to see whether React keeps it.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Not until DOMContentLoaded: that waits for the held script.
      await page.goto(eventPath, { waitUntil: 'commit' });
      const heading = page.getByRole('heading', { level: 1 });
      // Before the script: on screen, but inert (its buttons have no code behind them yet).
      await page.locator('h1', { hasText: 'Library Books Taco Night' }).waitFor();
      expect(await page.locator('[inert]').count()).toBe(1);
      await page.locator('h1').evaluate((h1) => h1.setAttribute('data-from-server', 'yes'));
      release();

      await page.locator('html[data-ready]').waitFor();
      await expect.poll(() => page.locator('[inert]').count()).toBe(0);
      expect(await heading.getAttribute('data-from-server')).toBe('yes');
      // The page was painted before its scripts were asked for (decision 109).
      const order = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(order.scripts.length).toBeGreaterThan(1);
      expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.painted!);
      await page
        .getByRole('article', { name: 'Al Pastor Taco' })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      // Announced whether or not the cart is on screen (the cart bar shows only while it is not).
      await page.getByRole('status').getByText('Added Al Pastor Taco to your cart: 1 item, $11.50.').waitFor({
        state: 'attached',
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('counts down from the moment the server rendered, then from the clock', async () => {
    const { context, page, errors } = await openPage(browser, running.url, PHONE);
    try {
      await page.goto(eventPath);
      await page.locator('html[data-ready]').waitFor();
      const timer = page.getByRole('timer', { name: 'Time until the event starts' });
      const first = await timer.innerText();
      await expect.poll(() => timer.innerText(), { timeout: 5000 }).not.toBe(first);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
