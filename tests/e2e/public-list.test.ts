import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, startApp, type RunningApp } from './support/harness';

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

describe('the public list', () => {
  it('shows 20 events, loads the rest on request, and gives an anonymous visitor no session', async () => {
    const db = running.database.db;
    const organizer = await createUser(db);
    const truck = await createTruck(db);
    const created = [];
    for (let i = 0; i < 23; i++) {
      created.push(
        await createEvent(db, {
          organizerId: organizer.id,
          foodTruckId: truck.id,
          daysAhead: 1 + i,
          title: `Fundraiser number ${i + 1}`,
        }),
      );
    }
    const visitor = await openPage(browser, running.url);
    await visitor.page.goto('/events/public');
    const list = visitor.page.locator('[data-tour="events-list"]');
    const details = list.getByRole('link', { name: /View Event Details/ });
    await list.getByRole('heading', { name: 'Fundraiser number 20', exact: true }).waitFor();
    expect(await details.count()).toBe(20);
    expect(await list.getByRole('heading', { name: 'Fundraiser number 21', exact: true }).count()).toBe(0);

    await list.getByRole('button', { name: 'Load more events' }).click();
    await list.getByRole('heading', { name: 'Fundraiser number 23', exact: true }).waitFor();
    expect(await details.count()).toBe(23);
    expect(await list.getByRole('button', { name: 'Load more events' }).count()).toBe(0);

    // Reading the list and an event page starts no session: no cookie until the visitor orders.
    // Wait for the event page's h1 (the list's card heading, an h2, has the same name) and for its read
    // of this browser's orders before looking at the cookies.
    const ordersRead = visitor.page.waitForResponse((r) => r.url().includes('/pending-orders'));
    await details.first().click();
    await visitor.page.getByRole('heading', { level: 1, name: 'Fundraiser number 1', exact: true }).waitFor();
    await ordersRead;
    expect((await visitor.page.context().cookies()).map((c) => c.name)).not.toContain('sid');
  });
});
