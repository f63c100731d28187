import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * Issue 42: every block of the event page tells the state's one story (src/core/event-story.ts), at
 * 375 and 1280 px; the list's headline counts every event; the organizer calls off from the event's
 * own page with buttons named by what they do; a hidden event's address is a 404.
 */
let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

const db = () => running.database.db;
const HOUR = 60 * 60 * 1000;
const LONG_NAME = 'Supercalifragilisticexpialidociousfoodtruckcompanyofgreateraustin';

async function visit(viewport = PHONE) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

async function eventIn(over: Partial<typeof events.$inferInsert> & { daysAhead?: number } = {}) {
  const organizer = await createUser(db(), { role: 'organizer' });
  const truck = await createTruck(db(), { businessName: LONG_NAME });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: running.app.ctx.now(),
    minimumSales: 3_000,
    title: 'Library Taco Night',
    ...over,
  });
  return { event, organizer };
}

/** The page's text once its funding block is drawn. */
async function pageText(page: Page, id: number) {
  await page.goto(`/events/public/${id}`);
  await page.getByRole('heading', { level: 1, name: 'Library Taco Night' }).waitFor();
  await page.getByRole('heading', { name: 'Funding Progress' }).waitFor();
  return page.locator('main').innerText();
}

describe('one story per state', () => {
  it('at 375 px: approved, closed, failed and cut short each say one thing, and a long name wraps', async () => {
    const { page, context, errors } = await visit(PHONE);

    const approved = await eventIn();
    const open = await pageText(page, approved.event.id);
    expect(open).toContain('0% funded · $30.00 still needed');
    expect(open).toContain('Be the first to pre-order');
    await page
      .getByRole('note', { name: 'How payment works' })
      .getByText(/Pre-order with no risk/)
      .waitFor();
    await page.getByRole('timer', { name: 'Time until the event starts' }).waitFor();
    // The truck's long name wraps: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth === document.documentElement.clientWidth,
      ),
    ).toBe(true);

    const past = { daysAhead: -2 };
    const closed = await eventIn({ ...past, status: 'closed', currentSales: 4_000 });
    const over = await pageText(page, closed.event.id);
    expect(over).toContain('Orders are closed');
    expect(over).toContain('The goal was reached.');
    expect(over).not.toContain('Goal reached! Orders will be processed soon.');
    expect(over).not.toContain('Event has started!');
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);

    const failed = await eventIn({ ...past, status: 'payment_failed' });
    const notHappening = await pageText(page, failed.event.id);
    expect(notHappening).toContain('This event will not take place');
    expect(notHappening).not.toMatch(/still needed|Be the first to pre-order|Event has started!/);

    const cut = await eventIn({
      status: 'closed',
      startsAt: new Date(running.app.ctx.now().getTime() - HOUR),
      cutShortAt: running.app.ctx.now(),
      currentSales: 2_000,
      cancelledBy: 'organizer',
    });
    const early = await pageText(page, cut.event.id);
    expect(early).toContain('This event ended early');
    expect(early).toContain('The event ended early.');
    expect(early).not.toMatch(/still needed|Be the first to pre-order/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px: a truck with no dish is told why its page is not public, and its menu is one tap from the top', async () => {
    const { page, context, errors } = await visit(PHONE);
    const truck = await createTruck(db(), { businessName: 'Empty Kitchen', minimumSales: 20_000 });
    const login = await context.request.post(`${running.url}/api/login`, {
      data: { username: truck.username, password: 'password123' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/trucks/${truck.id}`);
    await page.getByRole('heading', { level: 1, name: 'Your page is not public yet' }).waitFor();
    const needs = page.getByRole('list', { name: 'What your page needs' });
    await needs.getByText('At least one dish on your menu, switched on').waitFor();
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Add a dish to your menu' }).click();
    await page.waitForURL('**/profile#truck-menu');
    const addDish = page.getByRole('heading', { name: 'Add Menu Item' });
    await expect.poll(async () => (await addDish.boundingBox())?.y ?? Infinity).toBeLessThan(PHONE.height);

    // From the top of the profile, the menu is one tap away.
    await page.goto('/profile');
    const jumps = page.getByRole('navigation', { name: 'On this page' });
    const menuLink = jumps.getByRole('link', { name: 'Menu' });
    expect((await menuLink.boundingBox())!.y).toBeLessThan(PHONE.height);
    await menuLink.click();
    await expect.poll(async () => (await addDish.boundingBox())?.y ?? Infinity).toBeLessThan(PHONE.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1280 px: the list counts every event; a hidden one is a 404; the organizer calls off from its page', async () => {
    const { page, context, errors } = await visit(DESKTOP);
    const organizer = await createUser(db(), { role: 'organizer' });
    const truck = await createTruck(db(), { businessName: 'Taco Loco' });
    await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    for (let i = 0; i < 22; i++)
      await createEvent(db(), {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        now: running.app.ctx.now(),
      });
    await running.app.ctx.publicReads.catchUp();
    const total = (await (await context.request.get(`${running.url}/api/events/public?limit=1`)).json())
      .total;
    expect(total).toBeGreaterThan(20);
    await page.goto('/events/public');
    await page.getByText(`${total} upcoming events`).waitFor();
    expect(await page.getByRole('link', { name: /View Event Details/ }).count()).toBeLessThan(total);

    const hidden = await eventIn({ hidden: true });
    const missing = await page.goto(`/events/public/${hidden.event.id}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();

    const mine = await eventIn();
    const login = await context.request.post(`${running.url}/api/login`, {
      data: { username: mine.organizer.username, password: 'password123' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/my-events/${mine.event.id}`);
    await page.getByRole('heading', { level: 1, name: 'Library Taco Night' }).waitFor();
    await page.getByRole('button', { name: 'Call off event' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Call off this event?' });
    await dialog.getByLabel('Reason (optional, shared with diners and the food truck)').waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Call off event' }).click();
    await page
      .getByRole('alertdialog')
      .getByLabel(/Reason/)
      .fill('The gym flooded');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Call off event' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Call off event' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
