import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorPayoutGateway } from '../../src/server/adapters/payments/simulator-payout-gateway';
import { events, payoutAccounts, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock } from '../support/test-app';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

const HOUR = 60 * 60 * 1000;
const clock = createClock(new Date());
let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  running = await startApp({ now: clock.now });
  // Links the simulator gives (onboarding, its way back) point at this server.
  running.app.ctx.config.publicUrl = running.url;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

const db = () => running.database.db;

async function signIn(context: BrowserContext, username: string): Promise<void> {
  const response = await context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'password123' },
  });
  expect(response.status()).toBe(200);
}

/** A visitor who can reach only this app (no map tiles, nothing outside). */
async function visit(viewport = DESKTOP) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

const payoutRow = (page: Page, title: string) =>
  page.getByRole('table', { name: 'Payouts by event' }).getByRole('row', { name: new RegExp(title) });
const payoutCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Payouts by event' }).getByRole('listitem').filter({ hasText: title });

/** A new user is offered the onboarding tour; its card would cover the page on a phone. */
async function skipTour(page: Page) {
  await page
    .getByRole('dialog', { name: 'Welcome to Food Truck Fund!' })
    .getByRole('button', { name: 'Skip tour' })
    .click();
}

/** The simulator's onboarding, clicked through as a person would, from the money page. */
async function connectPayouts(page: Page) {
  await page.getByRole('link', { name: 'Money' }).first().click();
  await page.getByRole('heading', { name: 'Money', exact: true }).waitFor();
  await page.getByText('Connect a payout account to get paid').waitFor();
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await page.getByRole('heading', { name: 'Set up payouts' }).waitFor();
  await page.getByRole('button', { name: 'Agree and submit' }).click();
  await waitForToast(page, 'Your payout account is connected.');
  await page.getByText('Payouts are on').waitFor();
  expect(new URL(page.url()).search).toBe('');
}

describe('getting paid', () => {
  it('brings a truck whose setup link expired back to the money page, whose button makes a new one', async () => {
    const truck = await createTruck(db(), { username: `late_${Date.now()}`, businessName: 'Late Truck' });
    const truckBrowser = await visit(DESKTOP);
    await signIn(truckBrowser.context, truck.username);
    await truckBrowser.page.goto('/payouts');
    await skipTour(truckBrowser.page);
    await truckBrowser.page.getByRole('button', { name: 'Set up payouts' }).click();
    // The page checks its link before it offers the button; the clock moves only once the link was found good.
    await truckBrowser.page.getByRole('button', { name: 'Agree and submit' }).waitFor();
    clock.advance(HOUR); // the link is good for minutes
    await truckBrowser.page.getByRole('button', { name: 'Agree and submit' }).click();
    await truckBrowser.page.getByText('Your setup link has expired').waitFor();
    expect(new URL(truckBrowser.page.url()).pathname).toBe('/payouts');
    await truckBrowser.page.getByRole('button', { name: 'Continue setup' }).click();
    await truckBrowser.page.getByRole('heading', { name: 'Set up payouts' }).waitFor();
    await truckBrowser.page.getByRole('button', { name: 'Agree and submit' }).click();
    await waitForToast(truckBrowser.page, 'Your payout account is connected.');
    await truckBrowser.page.getByText('Payouts are on').waitFor();
    expect(truckBrowser.errors).toEqual([]);
    await truckBrowser.context.close();
  });

  it('takes a diner’s order through to the truck’s and the organizer’s payouts', async () => {
    const organizer = await createUser(db(), { username: `olivia_${Date.now()}` });
    const truck = await createTruck(db(), { username: `tacoloco_${Date.now()}`, businessName: 'Taco Loco' });
    await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    const title = `Lincoln PTA Taco Night ${Math.random().toString(36).slice(2, 7)}`;
    const event = await createEvent(db(), {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      title,
      now: clock.now(),
      daysAhead: 3,
      minimumSales: 2000,
      priceMarkupPercentage: 2000,
    });

    // A diner pre-orders two tacos at $12.50 (menu $10.00, 20% markup, 5% fee): the goal is met.
    const diner = await visit();
    await diner.page.goto(`/events/public/${event.id}`);
    const taco = diner.page.getByRole('article', { name: 'Al Pastor Taco' });
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await diner.page.getByLabel('Your Name').fill('Dana');
    await diner.page.getByLabel('Email Address', { exact: true }).fill('dana@example.com');
    await diner.page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await diner.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await diner.page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await diner.page.getByLabel('CVC').fill('123');
    await diner.page.getByRole('button', { name: /^Authorize/ }).click();
    await waitForToast(diner.page, 'Card Successfully Authorized');
    // Paying opens the confirmation page; the order is also on the event page (decision 147).
    await diner.page.getByRole('link', { name: 'Back to the event' }).click();
    await running.app.ctx.reconciler.runOnce(); // the hold is captured
    const [order] = await db().select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(order).toMatchObject({ status: 'charged', totalAmount: 2500 });

    // The truck, on a phone: its share waits for the event, and it is told to connect an account.
    const truckBrowser = await visit(PHONE);
    await signIn(truckBrowser.context, truck.username);
    await truckBrowser.page.goto('/profile');
    await skipTour(truckBrowser.page);
    await truckBrowser.page.getByText('Your payouts are waiting').waitFor();
    await truckBrowser.page.getByRole('button', { name: 'Open menu' }).click();
    await truckBrowser.page.getByRole('link', { name: 'Money' }).click();
    const pending = payoutCard(truckBrowser.page, title);
    await pending.getByText('$20.00').waitFor();
    await pending.getByText('Pending', { exact: true }).waitFor();
    await pending.getByText('No payout account connected yet').waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await truckBrowser.page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/payouts-phone-pending.png`,
        fullPage: true,
      });
    await truckBrowser.page.getByRole('button', { name: 'Set up payouts' }).click();
    await truckBrowser.page.getByRole('button', { name: 'Agree and submit' }).click();
    await waitForToast(truckBrowser.page, 'Your payout account is connected.');
    await truckBrowser.page.getByText('Payouts are on').waitFor();

    // The organizer, on a desktop, connects too.
    const organizerBrowser = await visit(DESKTOP);
    await signIn(organizerBrowser.context, organizer.username);
    await organizerBrowser.page.goto('/my-events');
    await skipTour(organizerBrowser.page);
    await connectPayouts(organizerBrowser.page);
    await payoutRow(organizerBrowser.page, title).getByText('$4.00').waitFor();

    // The event ends and closes; its payouts are scheduled 72 hours later, and go out then.
    clock.set(new Date(event.endsAt.getTime() + HOUR));
    await running.app.ctx.reconciler.runOnce();
    const [closed] = await db().select().from(events).where(eq(events.id, event.id));
    expect(closed!.status).toBe('closed');
    await organizerBrowser.page.reload();
    const scheduled = payoutRow(organizerBrowser.page, title);
    await scheduled.getByText('Scheduled', { exact: true }).waitFor();
    await scheduled.getByText(/^Pays /).waitFor();

    clock.set(new Date(event.endsAt.getTime() + 72 * HOUR));
    await running.app.ctx.reconciler.runOnce();

    await organizerBrowser.page.reload();
    const paid = payoutRow(organizerBrowser.page, title);
    await paid.getByText('Paid', { exact: true }).waitFor();
    await expect(paid.getByRole('cell').allInnerTexts()).resolves.toEqual([
      '$25.00',
      '$0.00',
      '$1.00',
      '$4.00',
      expect.stringMatching(/^Paid\s+Paid /),
    ]);
    await organizerBrowser.page.getByRole('term').filter({ hasText: 'Paid out' }).waitFor();
    const download = organizerBrowser.page.waitForEvent('download');
    await organizerBrowser.page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[1]).toMatch(
      // Then the organizer's sales tax and tips (none: both are the truck's, decisions 188 and 189).
      new RegExp(
        `^"${title}","${event.date}","25\\.00","0\\.00","1\\.00","0\\.00","0\\.00","4\\.00","paid",`,
      ),
    );

    await truckBrowser.page.reload();
    const truckPaid = payoutCard(truckBrowser.page, title);
    await truckPaid.getByText('Paid', { exact: true }).waitFor();
    await truckPaid.getByText('$20.00').waitFor();

    // The money really moved: one transfer to each connected account.
    const simulator = running.app.ctx.payouts as SimulatorPayoutGateway;
    const accounts = await db().select().from(payoutAccounts);
    const balanceOf = async (userId: number) =>
      simulator.accountBalance(accounts.find((a) => a.userId === userId)!.accountId);
    expect(await balanceOf(truck.id)).toBe(2000);
    expect(await balanceOf(organizer.id)).toBe(400);

    if (process.env.E2E_SCREENSHOTS) {
      await truckBrowser.page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/payouts-phone.png`,
        fullPage: true,
      });
      await organizerBrowser.page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/payouts-desktop.png`,
        fullPage: true,
      });
    }
    for (const b of [diner, truckBrowser, organizerBrowser]) expect(b.errors).toEqual([]);
    for (const b of [diner, truckBrowser, organizerBrowser]) await b.context.close();
  });
});
