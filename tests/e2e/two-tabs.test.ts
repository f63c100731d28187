import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, startApp, type RunningApp } from './support/harness';

/**
 * Issue 42 item 5 (decision 233): a first-time diner who pays in two tabs of one browser at once keeps
 * both orders in that browser: both confirmation pages open after a reload, and the event page lists
 * both under Your Pre-Orders. Another browser sees neither. (tests/integration/two-tab-orders.test.ts
 * repeats the race 6 times with 2 to 4 tabs against the API.)
 */
let running: RunningApp;
let browser: Browser;
const PHONE_812 = { width: 375, height: 812 };

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** Fills a tab's cart, up to Proceed to Payment. */
async function cartReady(page: Page, eventId: number, dish: string, name: string) {
  await page.goto(`/events/public/${eventId}`);
  await page.getByRole('article', { name: dish }).getByRole('button', { name: 'Add to Cart' }).click();
  const cart = page.getByRole('region', { name: 'Your Cart' });
  await cart.getByLabel('Your Name').fill(name);
  await cart.getByLabel('Email Address', { exact: true }).fill(`${name.toLowerCase()}@example.com`);
  return cart.getByRole('button', { name: 'Proceed to Payment' });
}

/** Fills the tab's card form and answers its Authorize button. */
async function cardReady(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  return page.getByRole('button', { name: /^Authorize/ });
}

async function confirmationOf(page: Page, eventId: number): Promise<string> {
  await page.waitForURL(new RegExp(`/events/public/${eventId}/orders/\\d+$`));
  return new URL(page.url()).pathname;
}

describe('two tabs paying at once', () => {
  it('both orders stay in that browser, none in another', async () => {
    const db = running.database.db;
    const organizer = await createUser(db, { businessName: 'Lincoln Elementary PTA' });
    const truck = await createTruck(db, { businessName: 'Taco Loco' });
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Horchata', price: 300 });
    const event = await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      title: 'Two Tab Taco Night',
      minimumSales: 30_000,
    });

    for (let round = 0; round < 2; round++) {
      // A first-time browser: no session cookie before the two payments.
      const { page: first, context, errors } = await openPage(browser, running.url, PHONE_812);
      const second = await context.newPage();
      const proceedFirst = await cartReady(first, event.id, 'Al Pastor Taco', 'Riley');
      const proceedSecond = await cartReady(second, event.id, 'Horchata', 'Sam');
      const sessionCookies = async () =>
        (await context.cookies()).filter((c) => c.name === 'sid' || c.name.startsWith('sid-'));
      expect(await sessionCookies()).toEqual([]);
      // Both orders start at once: each request starts a guest session of its own.
      await Promise.all([proceedFirst.click(), proceedSecond.click()]);
      const [payFirst, paySecond] = await Promise.all([cardReady(first), cardReady(second)]);
      await Promise.all([payFirst.click(), paySecond.click()]);
      const receipts = await Promise.all([confirmationOf(first, event.id), confirmationOf(second, event.id)]);
      expect(new Set(receipts).size).toBe(2);

      // Each confirmation opens in either tab after a reload (the browser's cookies, not the tab's state).
      for (const [path, name] of [
        [receipts[0]!, 'Riley'],
        [receipts[1]!, 'Sam'],
      ] as const) {
        await first.goto(path);
        await first.getByRole('heading', { level: 1, name: `Thanks, ${name}!` }).waitFor();
      }
      // The event page lists both.
      await second.goto(`/events/public/${event.id}`);
      const mine = second.getByRole('region', { name: 'Your Pre-Orders' });
      await mine.waitFor();
      const ids = receipts.map((path) => Number(path.split('/').pop()));
      for (const id of ids) await mine.getByRole('listitem', { name: `Order #${id}` }).waitFor();
      expect(await mine.getByRole('listitem', { name: /^Order #\d+$/ }).count()).toBe(2);

      // Another browser sees neither.
      const other = await openPage(browser, running.url, PHONE_812);
      await other.page.goto(receipts[0]!);
      await other.page.getByText("This order is not one of this browser's.", { exact: false }).waitFor();
      expect(await other.page.getByRole('heading', { name: 'Thanks, Riley!' }).count()).toBe(0);
      await other.context.close();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
