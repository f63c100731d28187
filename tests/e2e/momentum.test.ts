import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

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

/** A browser profile that reaches nothing outside the app (map tiles are refused). */
async function visit(viewport?: { width: number; height: number }) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

/** An approved event 3 days out, goal $50.00, tacos at $10.00. */
async function liveEvent() {
  const organizer = await createUser(db(), { username: `org${Date.now().toString(36)}` });
  const truck = await createTruck(db(), { businessName: 'Taco Loco' });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    minimumSales: 5000,
    daysAhead: 3,
    title: 'Spring Fair Tacos',
  });
  return { event, organizer };
}

async function orderOneTaco(page: Page, eventId: number, diner: string) {
  await page.goto(`/events/public/${eventId}`);
  await page
    .getByRole('article', { name: 'Al Pastor Taco' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await page.getByLabel('Your Name').fill(diner);
  await page.getByLabel('Email Address', { exact: true }).fill(`${diner.toLowerCase()}@example.com`);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Authorize/ }).click();
}

const progressOf = (page: Page) =>
  page.getByRole('progressbar', { name: 'Funding progress' }).getAttribute('aria-valuenow');

describe('momentum on the event page', () => {
  it("moves a viewer's progress bar and backer count when a second browser orders, without a reload", async () => {
    const { event } = await liveEvent();
    const viewer = await visit(PHONE);
    await viewer.page.goto(`/events/public/${event.id}`);
    await viewer.page.getByText('Be the first to pre-order').waitFor();
    expect(await progressOf(viewer.page)).toBe('0');
    // Anything that reloads the page would drop this marker.
    await viewer.page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const diner = await visit();
    await orderOneTaco(diner.page, event.id, 'Dana');
    const orderedAt = Date.now();
    // Well inside the 10 s fallback polling: this can only be the live stream.
    await viewer.page.getByText('1 diner has pre-ordered').waitFor({ timeout: 5000 });
    console.info(`viewer saw the order ${Date.now() - orderedAt} ms after the diner's card was submitted`);
    expect(await progressOf(viewer.page)).toBe('20');
    await viewer.page.getByText('$10.00', { exact: true }).waitFor();
    expect(await viewer.page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await orderOneTaco((await visit()).page, event.id, 'Eli');
    await viewer.page.getByText('2 diners have pre-ordered').waitFor({ timeout: 5000 });
    expect(await progressOf(viewer.page)).toBe('40');
    await viewer.page.screenshot({ path: '/tmp/momentum-e2e-phone.png', fullPage: true });
    expect(viewer.errors).toEqual([]);
    expect(diner.errors).toEqual([]);
  });

  it('the organizer posts an update that diners read on the page and by e-mail, and can unsubscribe from', async () => {
    const { event, organizer } = await liveEvent();
    const diner = await visit();
    await orderOneTaco(diner.page, event.id, 'Fay');
    // Paying opens the confirmation page (decision 147); the event page is one tap away.
    await diner.page.getByRole('link', { name: 'Back to the event' }).click();
    await diner.page.getByText('1 diner has pre-ordered').waitFor();

    const org = await visit();
    const login = await org.context.request.post('/api/login', {
      data: { username: organizer.username, password: 'password123' },
      headers: { origin: running.url },
    });
    expect(login.status()).toBe(200);
    await org.page.goto(`/events/public/${event.id}`);
    const updates = org.page.getByRole('region', { name: 'Updates' });
    await updates.getByText('No updates yet.').waitFor();
    await updates.getByRole('button', { name: 'Post update' }).click();
    await updates.getByText('Write something to post').waitFor();
    await updates.getByLabel('Post an update').fill('The truck arrives at 5:30, look for the orange awning.');
    await updates.getByRole('button', { name: 'Post update' }).click();
    await waitForToast(org.page, 'It was e-mailed to 1 diner.');
    await updates.getByText('The truck arrives at 5:30, look for the orange awning.').waitFor();
    await org.page.screenshot({ path: '/tmp/momentum-e2e-desktop.png', fullPage: true });

    // A diner sees it on the page (no form for them) ...
    await diner.page.reload();
    const dinerUpdates = diner.page.getByRole('region', { name: 'Updates' });
    await dinerUpdates.getByText('The truck arrives at 5:30, look for the orange awning.').waitFor();
    expect(await dinerUpdates.getByRole('button', { name: 'Post update' }).count()).toBe(0);

    // ... and in the mail, whose footer link unsubscribes them.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'fay@example.com'), eq(outbox.kind, 'event-update')));
    const link = /Unsubscribe: (\S+)/.exec(mail!.textBody)![1]!;
    await diner.page.goto(new URL(link).pathname + new URL(link).search);
    await diner.page.getByText('Stop e-mails with updates about "Spring Fair Tacos"').waitFor();
    await diner.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await diner.page.getByText("You're unsubscribed").waitFor();
    await diner.page.screenshot({ path: '/tmp/momentum-e2e-unsubscribe.png' });
    expect(diner.errors).toEqual([]);
    expect(org.errors).toEqual([]);
  });

  it('a visitor asks for a reminder and downloads the calendar file', async () => {
    const { event } = await liveEvent();
    const { page, errors } = await visit(PHONE);
    await page.goto(`/events/public/${event.id}`);
    await page.keyboard.press('Shift'); // below the fold, sections load near the screen or at a key (decision 232)
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page.getByText('Please provide a valid email address').waitFor();
    await page.getByLabel('Email for the reminder').fill('gil@example.com');
    await page.getByRole('button', { name: 'Remind me' }).click();
    await page
      .getByText('Check your inbox: we sent a link to gil@example.com to confirm your reminder.')
      .waitFor();

    const [confirm] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'gil@example.com'), eq(outbox.kind, 'reminder-confirm')));
    const link = new URL(/Confirm my reminder: (\S+)/.exec(confirm!.textBody)![1]!);
    // The mailed link opens a page; nothing is confirmed until its button is pressed.
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Confirm your reminder' }).waitFor();
    await page.getByRole('button', { name: 'Confirm my reminder' }).click();
    await page.getByText('Your reminder is set').waitFor();

    const href = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    expect(href).toBe(`/api/events/${event.id}/calendar.ics`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toBe(`event-${event.id}.ics`);
    expect(errors).toEqual([]);
  });
});
