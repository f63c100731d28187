import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenuItem, createTruck } from '../../src/server/seed/factories';
import { GeocoderStub } from '../support/geocoder-stub';
import { createClock } from '../support/test-app';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * The directory near a place (decision 197): a visitor types a town, picks a distance, and sees the
 * trucks within it nearest first with how far each is; the search is in the URL; a place the map does
 * not know says so and the directory is one tap away. At 375 px with axe, and at 1280 px.
 */
const clock = createClock();
let running: RunningApp;
let browser: Browser;
let stub: GeocoderStub;
const cuisine = `Pupusas${Date.now().toString(36)}`;

beforeAll(async () => {
  stub = await GeocoderStub.start({
    'austin, tx': { lat: '30.2711286', lon: '-97.7436995', display_name: 'Austin, Texas, United States' },
    'round rock, tx': {
      lat: '30.508235',
      lon: '-97.678893',
      display_name: 'Round Rock, Texas, United States',
    },
    'san antonio, tx': {
      lat: '29.4246002',
      lon: '-98.4951405',
      display_name: 'San Antonio, Texas, United States',
    },
  });
  running = await startApp({ now: clock.now, geocoderUrl: stub.url });
  browser = await launchBrowser();
  const db = running.database.db;
  for (const [businessName, location] of [
    ['Cuscatlán Wheels', 'Round Rock, TX'],
    ['Comal Express', 'Austin, TX'],
    ['Alamo Pupusería', 'San Antonio, TX'],
  ] as const) {
    const truck = await createTruck(db, { businessName, cuisine, location, minimumSales: 30_000 });
    await createMenuItem(db, { foodTruckId: truck.id, name: `${businessName} pupusa`, price: 500 });
  }
  // The sweep places the trucks' areas on the map, a few a run.
  for (let i = 0; i < 2; i++) await running.app.ctx.reconciler.runOnce();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
  await stub?.close();
});

async function noOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const cardNames = (page: Page) => page.getByRole('heading', { level: 2 }).allInnerTexts();

describe('trucks near a place at 375 px', () => {
  it('finds the trucks within a distance, nearest first, with how far each is', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto(`/trucks?cuisine=${cuisine}`);
    await page.getByRole('link', { name: 'Request Alamo Pupusería for an event' }).waitFor();
    await page.getByLabel('Near').fill('Austin, TX');
    await page.getByLabel('Within').selectOption('50');
    await page.getByRole('button', { name: 'Find trucks' }).click();
    await page.getByText('Within 50 km of Austin, Texas, United States, nearest first.').waitFor();
    await page.waitForURL((url) => url.searchParams.get('near') === 'Austin, TX');
    expect(new URL(page.url()).searchParams.get('within')).toBe('50');
    expect(await cardNames(page)).toEqual(['Comal Express', 'Cuscatlán Wheels']);
    await page.getByText('Under 100 m away').waitFor();
    await page.getByText('27 km away').waitFor();
    expect(await page.getByText('Alamo Pupusería').count()).toBe(0);
    await noOverflow(page);
    expect(await axeViolations(page)).toEqual([]);

    // A wider distance takes San Antonio in; the URL keeps the search.
    await page.getByLabel('Within').selectOption('250');
    await page.getByRole('button', { name: 'Find trucks' }).click();
    await page.getByRole('link', { name: 'Request Alamo Pupusería for an event' }).waitFor();
    expect(await cardNames(page)).toEqual(['Comal Express', 'Cuscatlán Wheels', 'Alamo Pupusería']);
    await page.reload();
    await page.getByRole('link', { name: 'Request Alamo Pupusería for an event' }).waitFor();
    expect(await page.getByLabel('Near').inputValue()).toBe('Austin, TX');
    expect(await page.getByLabel('Within').inputValue()).toBe('250');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the place is unknown, and searches without the distance in one tap', async () => {
    const { page, context } = await openPage(browser, running.url, PHONE);
    await page.goto(`/trucks?cuisine=${cuisine}&near=Atlantis&within=25`);
    await page.getByText('Couldn’t search near “Atlantis”.').waitFor();
    await page.getByText('We couldn’t find “Atlantis” on the map.', { exact: false }).waitFor();
    await noOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Search without distance' }).click();
    await page.getByRole('link', { name: 'Request Alamo Pupusería for an event' }).waitFor();
    expect(new URL(page.url()).searchParams.has('near')).toBe(false);
    await context.close();
  });
});

describe('trucks near a place at 1280 px', () => {
  it('shows the distance on each card from a link', async () => {
    const { page, context, errors } = await openPage(browser, running.url, DESKTOP);
    await page.goto(`/trucks?cuisine=${cuisine}&near=Round%20Rock%2C%20TX&within=25`);
    await page.getByText('Within 25 km of Round Rock, Texas, United States, nearest first.').waitFor();
    expect(await cardNames(page)).toEqual(['Cuscatlán Wheels']);
    await page.getByText('Under 100 m away').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
