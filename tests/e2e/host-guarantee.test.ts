import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourProgress } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock } from '../support/test-app';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

const clock = createClock();
let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  running = await startApp({ now: clock.now });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

async function signIn(page: Awaited<ReturnType<typeof openPage>>, username: string) {
  const login = await page.context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'secret1' },
  });
  expect(login.status()).toBe(200);
}

describe("the host's guarantee", () => {
  it('the organizer saves a card to guarantee the minimum, and the truck sees Guaranteed when it decides', async () => {
    const db = running.database.db;
    const organizer = await createUser(db, { username: 'guarantee-host', password: 'secret1' });
    const truck = await createTruck(db, {
      username: 'guarantee-truck',
      password: 'secret1',
      businessName: 'Taco Loco',
    });
    for (const user of [organizer, truck]) {
      await db.insert(tourProgress).values({ userId: user.id, active: false, completed: true });
    }
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Taco', price: 1000 });
    const event = await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 20,
      minimumSales: 50_000,
      status: 'pending_approval',
      title: 'Spring Fair',
    });

    // The organizer, on a phone: their event page offers the guarantee before the truck answers.
    const host = await openPage(browser, running.url, PHONE);
    await signIn(host, 'guarantee-host');
    await host.page.goto(`/my-events/${event.id}`);
    await host.page.getByRole('button', { name: 'Guarantee the minimum' }).click();
    await host.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await host.page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await host.page.getByLabel('CVC').fill('123');
    await host.page.getByRole('button', { name: 'Save card for $500.00' }).click();
    await host.page
      .getByText("the organizer's saved card pays any shortfall at the start, up to $500.00.")
      .waitFor();
    expect(host.errors).toEqual([]);

    // The truck, on a desktop: the request says Guaranteed, with the organizer's commitment.
    const truckPage = await openPage(browser, running.url, DESKTOP);
    await signIn(truckPage, 'guarantee-truck');
    await truckPage.page.goto(`/events/${event.id}/approve`);
    const notice = truckPage.page.getByText('Guaranteed', { exact: true });
    await notice.waitFor();
    await truckPage.page
      .getByText('pays any shortfall at the start, up to $500.00.', { exact: false })
      .waitFor();
    expect(truckPage.errors).toEqual([]);
  });
});
