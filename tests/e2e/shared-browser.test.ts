import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pendingOrders } from '../../src/server/db/schema';
import { signOrderToken } from '../../src/server/access/order-access';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // No geocoder to reach: the map says so at once instead of waiting.
  running = await startApp({ geocoderUrl: 'http://127.0.0.1:9' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

const db = () => running.database.db;

async function liveEvent() {
  const username = `pta${Math.random().toString(36).slice(2, 7)}`;
  // A confirmed address (the factory's): only such a sender is named and may write (decision 120).
  const organizer = await createUser(db(), { username, contactEmail: `${username}@example.com` });
  const truck = await createTruck(db(), { businessName: 'Taco Loco' });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title: `Library Taco Night ${Math.random().toString(36).slice(2, 7)}`,
    location: 'Nowhere Special 404',
  });
  return { event, organizer };
}

async function orderOneTaco(page: Page, eventId: number) {
  await page.goto(`/events/public/${eventId}`);
  await page
    .getByRole('article', { name: 'Al Pastor Taco' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await page.getByLabel('Your Name').fill('First Guest');
  await page.getByLabel('Email Address', { exact: true }).fill('first@example.com');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Authorize/ }).click();
  await waitForToast(page, 'Card Successfully Authorized');
  // Paying opens the confirmation page; the order is also on the event page (decision 147).
  await page.getByRole('link', { name: 'Back to the event' }).click();
}

describe('a shared browser', () => {
  it('"Not you? Forget this device" hides the last guest’s orders; their receipt link still opens them', async () => {
    const { event } = await liveEvent();
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await orderOneTaco(page, event.id);
    const orders = page.getByRole('region', { name: 'Your Pre-Orders' });
    await orders.getByText('Card authorized').waitFor();

    await orders.getByRole('button', { name: 'Forget this device' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Forget this device?' });
    await dialog.getByText(/The link in each receipt e-mail still opens its order/).waitFor();
    await page.screenshot({ path: '/tmp/hardening-forget-375.png', fullPage: false });
    await dialog.getByRole('button', { name: 'Forget this device' }).click();
    await waitForToast(page, 'This browser no longer shows your orders or chat.');
    await orders.waitFor({ state: 'detached' });

    // The next person reloads: still nothing of the first guest's. The orders are asked for after the
    // page has loaded, so wait for the reloaded page's (empty) answer before counting none; a read of
    // the page before may still come in around the reload.
    let reloaded = false;
    page.once('domcontentloaded', () => (reloaded = true));
    const ordersRead = page.waitForResponse(
      (r) => reloaded && new URL(r.url()).pathname === `/api/events/${event.id}/pending-orders`,
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByText('Your cart is empty. Add something from the menu.').waitFor();
    expect(await (await ordersRead).json()).toEqual([]);
    expect(await page.getByRole('region', { name: 'Your Pre-Orders' }).count()).toBe(0);

    // The first guest's receipt link opens their order, in any browser.
    const [order] = await db().select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    const token = signOrderToken(running.app.ctx.config.sessionSecret, order!.id);
    await page.goto(`/events/public/${event.id}?order=${order!.id}&token=${token}`);
    await page.getByRole('region', { name: 'Your Pre-Orders' }).getByText('Card authorized').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a signed-in organizer with a confirmed address add a personal message to invitations', async () => {
    const { event, organizer } = await liveEvent();
    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(organizer.username);
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page.goto(`/events/public/${event.id}`);
    await page.keyboard.press('Shift'); // below the fold, sections load near the screen or at a key (decision 232)
    const invite = page.getByRole('region', { name: 'Invite Friends' });
    // The map loads once scrolled to; let it settle so the form below stops moving.
    const map = page.getByRole('region', { name: /^Map of/ });
    await map.scrollIntoViewIfNeeded();
    await map.getByRole('link', { name: 'Open in a maps app' }).waitFor();
    await invite.scrollIntoViewIfNeeded();
    await invite.getByLabel('Email addresses').fill('pal@example.com');
    await invite.getByLabel('Personal message (optional)').fill('Come hungry!');
    await invite.getByRole('button', { name: 'Send Invitations' }).click();
    await waitForToast(page, 'Invitations sent successfully!');
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'pal@example.com'));
    expect(mail!.subject).toBe(`${organizer.username} invited you: ${event.title}`);
    expect(mail!.textBody).toContain(`${organizer.username} wrote: "Come hungry!"`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
