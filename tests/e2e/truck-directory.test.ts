import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/core/availability';
import { pendingOrders, tourProgress } from '../../src/server/db/schema';
import { signReviewToken } from '../../src/server/reviews/review-token';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock } from '../support/test-app';
import {
  chooseTruck,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

/**
 * Finding a truck (decision 170): an organizer filters the directory by a date, requests a free truck
 * from its card, and the create form refuses a date the truck marked unavailable, offering its next
 * free date; the truck marks that date on its profile. At 375 px, and the directory at 1280 px.
 */
const clock = createClock();
let running: RunningApp;
let browser: Browser;
const cuisine = `Ethiopian${Date.now().toString(36)}`;
const inTwoWeeks = addDays(new Date().toISOString().slice(0, 10), 14);

beforeAll(async () => {
  running = await startApp({ now: clock.now });
  browser = await launchBrowser();
  const db = running.database.db;
  for (const [username, businessName] of [
    ['dir-truck-a', 'Injera House'],
    ['dir-truck-b', 'Berbere Wagon'],
  ] as const) {
    const truck = await createTruck(db, {
      username,
      password: 'secret1',
      businessName,
      cuisine,
      minimumSales: 40_000,
    });
    await createMenuItem(db, { foodTruckId: truck.id, name: `${businessName} platter`, price: 1400 });
    await db.insert(tourProgress).values({ userId: truck.id, active: false, completed: true });
  }
  const organizer = await createUser(db, {
    username: 'dir-organizer',
    password: 'secret1',
    role: 'organizer',
  });
  await db.insert(tourProgress).values({ userId: organizer.id, active: false, completed: true });
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

async function signedIn(username: string, viewport = PHONE) {
  const opened = await openPage(browser, running.url, viewport);
  const login = await opened.context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'secret1' },
    headers: { Origin: running.url },
  });
  expect(login.status()).toBe(200);
  return opened;
}

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

describe('finding a truck at 375 px', () => {
  it('a truck marks a date unavailable; the directory and the create form respect it', async () => {
    const truck = await signedIn('dir-truck-a');
    await truck.page.goto('/profile');
    const calendar = truck.page.getByRole('form', { name: 'Mark dates unavailable' });
    await calendar.getByLabel('First day').fill(inTwoWeeks);
    await calendar.getByLabel('Note (only you see it)').fill('Catering a wedding');
    await calendar.getByRole('button', { name: 'Mark unavailable' }).click();
    await waitForToast(truck.page, 'Dates marked unavailable');
    await truck.page.getByText('Catering a wedding').waitFor();
    await noOverflow(truck.page);
    expect(truck.errors).toEqual([]);
    await truck.context.close();

    const organizer = await signedIn('dir-organizer');
    const { page } = organizer;
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Find a Truck' }).click();
    await page.getByRole('heading', { name: 'Find a Food Truck' }).waitFor();
    await page.getByLabel('Cuisine').selectOption(cuisine);
    // On a phone the rarer filters wait behind "More filters", so the first screen reaches the trucks.
    expect(await page.getByLabel('Free on').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'More filters' }).click();
    await page.getByLabel('Free on').fill(inTwoWeeks);
    await page.getByRole('button', { name: 'Find trucks' }).click();
    // Only the truck free that day is offered. The unfiltered list stays drawn until the new answer
    // comes, so wait for a card that carries the date (drawn only from the filtered answer).
    await page
      .getByRole('link', { name: 'Request Berbere Wagon for an event' })
      .and(page.locator(`[href$="date=${inTwoWeeks}"]`))
      .waitFor();
    expect(await page.getByRole('link', { name: 'Request Injera House for an event' }).count()).toBe(0);
    await noOverflow(page);

    await page.getByRole('link', { name: 'Request Berbere Wagon for an event' }).click();
    await page.getByText('Berbere Wagon is free on this date.').waitFor();
    expect(await page.getByLabel('Date').inputValue()).toBe(inTwoWeeks);

    // The other truck, the same date: refused with its reason, and its next free date one tap away.
    await chooseTruck(page, 'Injera House');
    await page
      .getByText(/Injera House is not available on .*\. Please choose another date or truck\./)
      .waitFor();
    expect(await page.getByText('Catering a wedding').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Event' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /Use its next free date/ }).click();
    await page.getByText('Injera House is free on this date.').waitFor();
    expect(await page.getByLabel('Date').inputValue()).toBe(addDays(inTwoWeeks, 1));
    await noOverflow(page);
    expect(organizer.errors).toEqual([]);
    await organizer.context.close();
  });

  it('anyone opens a truck’s page from the directory, with its menu', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto(`/trucks?cuisine=${cuisine}`);
    await page.getByRole('link', { name: "See Injera House's menu and dates" }).click();
    await page.getByRole('heading', { level: 1, name: 'Injera House' }).waitFor();
    await page.getByText('Injera House platter').waitFor();
    await page.getByText('$14.00').first().waitFor();
    // Not signed in as an organizer: no request button.
    expect(await page.getByRole('link', { name: 'Request this truck' }).count()).toBe(0);
    await noOverflow(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the directory at 1280 px', () => {
  it('lists the trucks in a grid, filtered by the URL', async () => {
    const { page, context, errors } = await openPage(browser, running.url, DESKTOP);
    await page.goto(`/trucks?cuisine=${cuisine}`);
    await page.getByRole('link', { name: 'Request Injera House for an event' }).waitFor();
    await page.getByRole('link', { name: 'Request Berbere Wagon for an event' }).waitFor();
    expect(await page.getByLabel('Cuisine').inputValue()).toBe(cuisine);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('reviews at 375 px', () => {
  it('a diner rates the truck from the thank-you link, the truck answers, an admin removes it', async () => {
    const db = running.database.db;
    const truck = await createTruck(db, {
      username: 'rev-truck',
      password: 'secret1',
      businessName: 'Doro Wot Co',
      cuisine,
    });
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Doro wot', price: 1500 });
    await db.insert(tourProgress).values({ userId: truck.id, active: false, completed: true });
    const organizer = await createUser(db, { role: 'organizer' });
    const event = await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: -1,
      status: 'closed',
      title: 'Harvest Supper',
    });
    const [order] = await db
      .insert(pendingOrders)
      .values({
        eventId: event.id,
        customerName: 'Dana Rivera',
        customerEmail: 'dana@example.com',
        status: 'charged',
        totalAmount: 1575,
        subtotalAmount: 1500,
        fulfilment: 'collected',
      })
      .returning();
    const token = signReviewToken(running.app.ctx.config.sessionSecret, order!.id);

    const diner = await openPage(browser, running.url, PHONE);
    await diner.page.goto(`/review?order=${order!.id}&token=${token}`);
    await diner.page.getByText('How was the food from').waitFor();
    await diner.page.getByRole('button', { name: 'Send my review' }).click();
    await diner.page.getByText('Choose a rating from 1 to 5 stars').waitFor();
    await diner.page.getByLabel('4 stars: Very good').check({ force: true });
    await diner.page.getByLabel('A few words (optional)').fill('Warm injera, friendly crew.');
    await diner.page.getByRole('button', { name: 'Send my review' }).click();
    await diner.page.getByText('Thank you for reviewing Doro Wot Co!').waitFor();
    await noOverflow(diner.page);
    expect(diner.errors).toEqual([]);
    await diner.context.close();

    const owner = await signedIn('rev-truck');
    await owner.page.goto(`/trucks/${truck.id}`);
    await owner.page.getByText('Warm injera, friendly crew.').waitFor();
    await owner.page.getByText('1 review').first().waitFor();
    await owner.page.getByRole('button', { name: 'Answer' }).click();
    await owner.page.getByLabel('Your answer (once, shown under the review)').fill('Thank you, Dana!');
    await owner.page.getByRole('button', { name: 'Send answer' }).click();
    // The answer as drawn under the review: the text alone also matches the filled-in textarea (React
    // keeps a controlled textarea's text content equal to its value), there before the answer is sent.
    await owner.page.getByText('The truck answered: Thank you, Dana!').waitFor();
    expect(await owner.page.getByRole('button', { name: 'Answer' }).count()).toBe(0);
    await noOverflow(owner.page);
    await owner.context.close();

    await createUser(db, { username: 'rev-admin', password: 'secret1', role: 'admin' });
    const admin = await signedIn('rev-admin');
    await admin.page.goto(`/trucks/${truck.id}`);
    await admin.page.getByLabel('Reason for removing').fill('Names a crew member');
    await admin.page.getByRole('button', { name: 'Remove review' }).click();
    await admin.page.getByText('No reviews yet').first().waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
