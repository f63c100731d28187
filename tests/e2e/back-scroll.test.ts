import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, startApp, type RunningApp } from './support/harness';

/**
 * Issue 42 item 5 (decision 233): the browser's Back returns the diner to the place they left, within
 * a few pixels, on a 375×812 phone: from the confirmation page to the event page they paid on (what
 * they were reading back at the same height on screen, though the card form is gone and their order
 * has arrived above it), and from an event page to the public list (the same offset). The event page
 * left for the landing page and back is in event-page-weight.test.ts.
 */
let running: RunningApp;
let browser: Browser;
const PHONE_812 = { width: 375, height: 812 };
/** "Within a few pixels". */
const NEAR_PX = 4;
const DISHES = [
  'Al Pastor Taco',
  'Carnitas Taco',
  'Horchata',
  'Elote',
  'Churros',
  'Quesadilla',
  'Nachos',
  'Flan',
];

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

const db = () => running.database.db;

async function tacoNight(title: string) {
  const organizer = await createUser(db(), { businessName: 'Lincoln Elementary PTA' });
  const truck = await createTruck(db(), { businessName: 'Taco Loco', cuisine: 'Mexican' });
  for (const name of DISHES) await createMenuItem(db(), { foodTruckId: truck.id, name, price: 800 });
  return createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title,
    location: '100 Nowhere Lane, Springfield',
    minimumSales: 30_000,
    cause: 'Our library shelves are half empty.\nEvery taco buys new books for 400 kids.',
  });
}

/** A phone that reaches nothing outside the app (map tiles are refused). */
async function phone() {
  const opened = await openPage(browser, running.url, PHONE_812);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Where an element's top is on the screen. */
const screenTop = async (locator: Locator) => Math.round((await locator.boundingBox())?.y ?? Number.NaN);

describe('Back on a phone', () => {
  it('from the confirmation page lands where the diner paid, within a few pixels', async () => {
    const event = await tacoNight('Back Scroll Night');
    const { page, context, errors } = await phone();
    await page.goto(`/events/public/${event.id}`);
    await page.getByRole('heading', { level: 1, name: 'Back Scroll Night' }).waitFor();

    const dish = page.getByRole('article', { name: 'Flan' });
    await dish.scrollIntoViewIfNeeded();
    await dish.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('region', { name: 'Your Cart' });
    await cart.getByLabel('Your Name').fill('Riley');
    await cart.getByLabel('Email Address', { exact: true }).fill('riley@example.com');
    await cart.getByRole('button', { name: 'Proceed to Payment' }).scrollIntoViewIfNeeded();
    await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    const authorize = page.getByRole('button', { name: /^Authorize/ });
    await authorize.scrollIntoViewIfNeeded();
    // Where the diner is when they pay: well down the page, the card form and the funding on screen.
    const funding = page.getByRole('heading', { name: 'Funding Progress' });
    const paidAt = await scrollY(page);
    expect(paidAt).toBeGreaterThan(PHONE_812.height);
    const fundingAt = await screenTop(funding);
    expect(fundingAt).toBeGreaterThanOrEqual(0);
    expect(fundingAt).toBeLessThan(PHONE_812.height);
    await authorize.click();

    await page.waitForURL(new RegExp(`/events/public/${event.id}/orders/\\d+$`));
    await page.getByRole('heading', { level: 1, name: 'Thanks, Riley!' }).waitFor();
    expect(await scrollY(page)).toBe(0);

    // Back: the card form is gone and the order has arrived above, but what the diner was reading is
    // where it was on the screen, with their order just above it.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Back Scroll Night' }).waitFor({ state: 'attached' });
    const mine = page.getByRole('region', { name: 'Your Pre-Orders' });
    await mine.getByText('Card authorized').first().waitFor({ state: 'attached' });
    await expect
      .poll(async () => Math.abs((await screenTop(funding)) - fundingAt), { timeout: 5000 })
      .toBeLessThanOrEqual(NEAR_PX);
    // And it stays there once the page's late parts have arrived (nothing left on the wire, two frames drawn).
    await settled(page);
    expect(Math.abs((await screenTop(funding)) - fundingAt)).toBeLessThanOrEqual(NEAR_PX);
    const order = (await mine.boundingBox())!;
    expect(order.y + order.height).toBeGreaterThan(0);
    expect(order.y).toBeLessThan(PHONE_812.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from an event page lands on the same place of the list, within a few pixels', async () => {
    for (let i = 0; i < 8; i++) await tacoNight(`List Night ${i}`);
    await running.app.ctx.publicReads.catchUp();
    const { page, context, errors } = await phone();
    await page.goto('/events/public');
    await page.getByRole('button', { name: 'Open support chat' }).waitFor();
    const target = page.getByRole('link', { name: /List Night 6/ }).first();
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 37));
    const listAt = await scrollY(page);
    expect(listAt).toBeGreaterThan(300);
    await target.click();
    await page.getByRole('heading', { level: 1, name: 'List Night 6' }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    // The diner reads the event page some way down before going Back.
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/events/public');
    await expect
      .poll(async () => Math.abs((await scrollY(page)) - listAt), { timeout: 5000 })
      .toBeLessThanOrEqual(NEAR_PX);
    await settled(page);
    expect(Math.abs((await scrollY(page)) - listAt)).toBeLessThanOrEqual(NEAR_PX);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The page after its late parts: no request on the wire, then two frames drawn (what Back may still move). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
