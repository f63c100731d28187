import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourProgress } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock } from '../support/test-app';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * Food that fits (decisions 172, 173): a diner narrows the event's menu by diet and allergen, reads
 * each dish's tags and allergens in words, and leaves a note with the order that the truck reads on
 * its event day and prep list. At 375 px, and the filter at 1280 px.
 */
const clock = createClock();
let running: RunningApp;
let browser: Browser;
let eventId = 0;
let truckId = 0;
let editorId = 0;

beforeAll(async () => {
  running = await startApp({ now: clock.now });
  browser = await launchBrowser();
  const db = running.database.db;
  const organizer = await createUser(db, { username: 'fit-organizer', password: 'secret1' });
  const truck = await createTruck(db, {
    username: 'fit-truck',
    password: 'secret1',
    businessName: 'Green Wagon',
    minimumSales: 50_000,
  });
  truckId = truck.id;
  await db.insert(tourProgress).values({ userId: truck.id, active: false, completed: true });
  // A second truck for the menu editor, so the dishes it adds do not change the first one's menu.
  const editor = await createTruck(db, {
    username: 'fit-editor',
    password: 'secret1',
    businessName: 'Falafel Cart',
    minimumSales: 30_000,
  });
  editorId = editor.id;
  await db.insert(tourProgress).values({ userId: editor.id, active: false, completed: true });
  await createMenuItem(db, { foodTruckId: editor.id, name: 'Mint Tea', price: 300 });
  await createMenuItem(db, {
    foodTruckId: truck.id,
    name: 'Al Pastor Taco',
    price: 1000,
    dietaryTags: ['dairy-free'],
    allergens: [],
  });
  await createMenuItem(db, {
    foodTruckId: truck.id,
    name: 'Elote',
    price: 500,
    dietaryTags: ['vegetarian', 'gluten-free'],
    allergens: ['milk', 'eggs'],
  });
  await createMenuItem(db, {
    foodTruckId: truck.id,
    name: 'Bean Burrito',
    price: 900,
    dietaryTags: ['vegan', 'vegetarian'],
    allergens: ['wheat'],
  });
  const event = await createEvent(db, {
    title: 'Food That Fits Night',
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 3,
    minimumSales: 50_000,
  });
  eventId = event.id;
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

const dish = (page: Page, name: string) => page.getByRole('article', { name });
const filter = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter the menu' }).getByRole('button', { name });

async function noOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Turns filters on, and checks which dishes are left and what the page announces. */
async function filterTheMenu(page: Page) {
  await dish(page, 'Elote').getByText('Contains: Milk, Eggs').waitFor();
  await dish(page, 'Elote').getByRole('list', { name: 'Dietary' }).getByText('Vegetarian').waitFor();

  await filter(page, 'Vegetarian').click();
  expect(await filter(page, 'Vegetarian').getAttribute('aria-pressed')).toBe('true');
  await dish(page, 'Al Pastor Taco').waitFor({ state: 'detached' });
  await page.getByText('Showing 2 of 3 dishes').waitFor();

  await filter(page, 'No milk').click();
  await dish(page, 'Elote').waitFor({ state: 'detached' });
  await dish(page, 'Bean Burrito').waitFor();
  await page.getByText('Showing 1 of 3 dishes').waitFor();

  await filter(page, 'No wheat').click();
  await page.getByText('No dishes match these filters.').waitFor();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await dish(page, 'Al Pastor Taco').waitFor();
  expect(await page.getByRole('article').count()).toBe(3);
}

describe('food that fits at 375 px', () => {
  it('a diner filters the menu, orders with a note, and the truck reads it on its event day', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto(`/events/public/${eventId}`);
    await filterTheMenu(page);
    await noOverflow(page, 375);
    expect(await seriousViolations(page)).toEqual([]);

    await filter(page, 'Vegan').click();
    await dish(page, 'Bean Burrito').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByLabel('Your Name').fill('Noa');
    await page.getByLabel('Email Address', { exact: true }).fill('noa@example.com');
    await page.getByLabel('Note for the truck (optional)').fill('  No onions, please  ');
    await page.getByText('17/200').waitFor();
    await noOverflow(page, 375);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Authorize/ }).click();
    // The confirmation page repeats the note, as the truck will see it.
    await page.getByText('Your note to the truck:').waitFor();
    await page.getByText('“No onions, please”').waitFor();
    await noOverflow(page, 375);
    expect(errors).toEqual([]);
    await context.close();

    const truck = await openPage(browser, running.url, PHONE);
    const login = await truck.context.request.post(`${running.url}/api/login`, {
      data: { username: 'fit-truck', password: 'secret1' },
      headers: { Origin: running.url },
    });
    expect(login.status()).toBe(200);
    await truck.page.goto('/bookings');
    const booking = truck.page.getByRole('article', { name: 'Food That Fits Night' });
    await booking.getByRole('heading', { name: 'Diners’ notes' }).waitFor();
    await booking.getByText('Noa: “No onions, please”').waitFor();
    await truck.page.goto(`/bookings/${eventId}/day`);
    const order = truck.page.getByRole('listitem', { name: /Noa/ });
    await order.getByText('Note:').waitFor();
    await order.getByText('No onions, please').waitFor();
    // The order's money in columns, tax and tip included, and the day's totals.
    const orderMoney = order.getByRole('group', { name: /^Money of / });
    for (const label of ['Food', 'Tax', 'Tip', 'Total'])
      await orderMoney.getByText(label, { exact: true }).waitFor();
    await orderMoney.getByText('$9.00').waitFor();
    const totals = truck.page.getByRole('group', { name: 'Totals of the day’s orders' });
    for (const label of ['Food', 'Sales tax', 'Tips', 'Total paid'])
      await totals.getByText(label, { exact: true }).waitFor();
    await totals.getByText('$9.00').waitFor();
    await noOverflow(truck.page, 375);
    expect(await seriousViolations(truck.page)).toEqual([]);
    expect(truck.errors).toEqual([]);
    await truck.context.close();
  });
});

describe('the truck’s menu editor at 375 px', () => {
  it('a truck tags a new dish and names its allergens, then edits them with the same fields', async () => {
    const truck = await openPage(browser, running.url, PHONE);
    const { page } = truck;
    const login = await truck.context.request.post(`${running.url}/api/login`, {
      data: { username: 'fit-editor', password: 'secret1' },
      headers: { Origin: running.url },
    });
    expect(login.status()).toBe(200);
    await page.goto('/profile');
    const addForm = page.getByRole('region', { name: 'Add Menu Item' });
    await addForm.getByLabel('Item Name').fill('Falafel Wrap');
    await addForm.getByLabel('Price ($)').fill('9');
    const tags = addForm.getByRole('group', { name: 'Dietary tags' });
    const allergens = addForm.getByRole('group', { name: 'Contains allergens' });
    await tags.getByRole('checkbox', { name: 'Vegan' }).check();
    await allergens.getByRole('checkbox', { name: 'Sesame' }).check();
    await allergens.getByRole('checkbox', { name: 'Wheat' }).check();
    await noOverflow(page, 375);
    await addForm.getByRole('button', { name: 'Add Menu Item' }).click();
    await page.getByRole('region', { name: 'Menu Items' }).getByText('Falafel Wrap').waitFor();
    // The form is empty again, ticks included.
    expect(await tags.getByRole('checkbox', { name: 'Vegan' }).isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Edit Falafel Wrap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Falafel Wrap' });
    const editTags = dialog.getByRole('group', { name: 'Dietary tags' });
    expect(await editTags.getByRole('checkbox', { name: 'Vegan' }).isChecked()).toBe(true);
    await editTags.getByRole('checkbox', { name: 'Halal' }).check();
    await dialog
      .getByRole('group', { name: 'Contains allergens' })
      .getByRole('checkbox', { name: 'Wheat' })
      .uncheck();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(truck.errors).toEqual([]);
    await truck.context.close();

    const diner = await openPage(browser, running.url, PHONE);
    await diner.page.goto(`/trucks/${editorId}`);
    const wrap = diner.page.getByRole('listitem').filter({ hasText: 'Falafel Wrap' });
    await wrap.getByText('Contains: Sesame').waitFor();
    expect(await wrap.getByRole('list', { name: 'Dietary' }).textContent()).toBe('VGVeganHHalal');
    await noOverflow(diner.page, 375);
    expect(diner.errors).toEqual([]);
    await diner.context.close();
  });
});

describe('food that fits at 1280 px', () => {
  it('filters the event page’s menu and the truck’s public page', async () => {
    const { page, context, errors } = await openPage(browser, running.url, DESKTOP);
    await page.goto(`/events/public/${eventId}`);
    await filterTheMenu(page);
    await page.goto(`/trucks/${truckId}`);
    await page.getByText('Bean Burrito').waitFor();
    await filter(page, 'No wheat').click();
    await page.getByText('Bean Burrito').waitFor({ state: 'detached' });
    await page.getByText('Showing 2 of 3 dishes').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds trucks by the dietary options they offer', async () => {
    const { page, context, errors } = await openPage(browser, running.url, DESKTOP);
    await page.goto('/trucks');
    await page.getByLabel('Dietary options').selectOption('vegan');
    // The unfiltered list drawn before shows the same cards as the vegan one: only the vegan answer
    // tells them apart (the list is redrawn from it, a spinner in between).
    const veganAnswer = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/trucks' && url.searchParams.get('diet') === 'vegan';
    });
    await page.getByRole('button', { name: 'Find trucks' }).click();
    await page.waitForURL(/diet=vegan/);
    await veganAnswer;
    await page.getByRole('link', { name: 'Green Wagon', exact: true }).waitFor();
    await page.getByText('Options: Vegetarian, Vegan, Gluten-free, Dairy-free').waitFor();
    // The menu editor's test made the Falafel Cart's wrap halal.
    await page.getByLabel('Dietary options').selectOption('halal');
    await page.getByRole('button', { name: 'Find trucks' }).click();
    // Falafel Cart is on the vegan list still drawn too: wait for it without Green Wagon (the spinner
    // in between has neither).
    const falafel = page.getByRole('link', { name: 'Falafel Cart', exact: true });
    const greenWagon = page.getByRole('link', { name: 'Green Wagon', exact: true });
    await expect.poll(async () => [await falafel.count(), await greenWagon.count()]).toEqual([1, 0]);
    await page.getByLabel('Dietary options').selectOption('kosher');
    await page.getByRole('button', { name: 'Find trucks' }).click();
    await page.getByText('No trucks match these filters.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
