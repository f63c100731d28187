import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * Issue 42 item 6 (decision 235) on a 375 px phone, as a truck: its call-off dialog says the reason is
 * shared with the diners and the organizer (the truck writes it, so never "shared with … the truck"),
 * its buttons say what they do, and deleting a dish names the dish. The organizer's call-off from the
 * event's own page, a truck with no dish and the profile's Menu link are in every-state.test.ts.
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

describe("a truck's screens at 375 px", () => {
  it('call-off dialog: a true reason label and buttons named by their act; deleting a dish names it', async () => {
    const db = running.database.db;
    const organizer = await createUser(db, { role: 'organizer' });
    const truck = await createTruck(db, { businessName: 'Taco Loco', minimumSales: 20_000 });
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    await createMenuItem(db, { foodTruckId: truck.id, name: 'Horchata', price: 300 });
    await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: running.app.ctx.now(),
      title: 'Library Taco Night',
    });

    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    const login = await context.request.post(`${running.url}/api/login`, {
      data: { username: truck.username, password: 'password123' },
    });
    expect(login.status()).toBe(200);

    await page.goto('/bookings');
    await page.getByRole('button', { name: 'Call off Library Taco Night' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Call off this event?' });
    await dialog.waitFor();
    await dialog.getByLabel('Reason (optional, shared with diners and the organizer)').waitFor();
    expect(await dialog.getByText(/shared with[^)]*the (food )?truck/).count()).toBe(0);
    expect(await dialog.innerText()).toContain('as is the organizer');
    expect(await dialog.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Keep event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was called off.
    expect(await page.getByRole('button', { name: 'Call off Library Taco Night' }).count()).toBe(1);

    await page.goto('/profile#truck-menu');
    await page.getByRole('button', { name: 'Delete Horchata' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Horchata”?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete Horchata' }).waitFor();
    expect(await confirm.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await confirm.getByRole('button', { name: 'Delete Horchata' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('button', { name: 'Delete Horchata' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Al Pastor Taco' }).waitFor();

    // Nothing scrolls sideways on either screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
