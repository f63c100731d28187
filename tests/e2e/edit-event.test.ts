import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import { tourProgress } from '../../src/server/db/schema';
import { orderLink } from '../../src/server/access/order-access';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock } from '../support/test-app';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

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

/** A user who has already seen the onboarding tour, so its card does not cover the screens. */
async function person(role: 'organizer' | 'foodtruck', username: string) {
  const db = running.database.db;
  const user =
    role === 'foodtruck'
      ? await createTruck(db, { username, password: 'secret1', businessName: 'Taco Loco' })
      : await createUser(db, { username, password: 'secret1', role });
  await db.insert(tourProgress).values({ userId: user.id, active: false, completed: true });
  return user;
}

describe('editing an event at 375 px', () => {
  it('the organizer moves the start, the truck accepts, and the diner sees the new time', async () => {
    const db = running.database.db;
    const organizer = await person('organizer', 'edit-organizer');
    const truck = await person('foodtruck', 'edit-truck');
    const taco = await createMenuItem(db, { foodTruckId: truck.id, name: 'Taco', price: 1000 });
    const event = await createEvent(db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 3,
      startTime: '18:00',
      endTime: '21:00',
      timeZone: 'America/Chicago',
      minimumSales: 50_000,
      title: 'Library Taco Night',
    });

    // A diner pre-orders before the change.
    const diner = new Agent(running.app);
    const unit = computeUnitPrice(taco.price, 0);
    const created = await diner.post(`/api/events/${event.id}/create-payment-intent`, {
      items: [{ menuItemId: taco.id, quantity: 1, unitPrice: unit / 100 }],
      customerName: 'Dana',
      customerEmail: 'dana@example.com',
      amount: unit,
      markupPercentage: 0,
    });
    expect(created.statusCode).toBe(200);
    const { clientSecret, orderId } = created.json();
    await diner.post('/api/payments/simulator/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    });
    await diner.post(`/api/events/${event.id}/orders/${orderId}/sync`);
    clock.advance(60_000);

    // The organizer edits the time from their event page.
    const org = await openPage(browser, running.url, PHONE);
    const login = await org.context.request.post(`${running.url}/api/login`, {
      data: { username: 'edit-organizer', password: 'secret1' },
    });
    expect(login.status()).toBe(200);
    await org.page.goto(`/my-events/${event.id}`);
    await org.page.getByRole('link', { name: 'Edit Event' }).click();
    await org.page.getByRole('heading', { name: 'Edit Event' }).waitFor();
    await org.page.getByLabel('Start Time').fill('19:30');
    await org.page.getByLabel('End Time').fill('22:00');
    await org.page.getByRole('button', { name: 'Ask the Truck' }).click();
    const confirm = org.page.getByRole('alertdialog', { name: 'Send this change to the truck?' });
    await confirm.getByRole('button', { name: 'Send Change' }).click();
    await waitForToast(org.page, 'Change sent to the food truck for approval.');
    await org.page.getByText('Change waiting for the food truck').waitFor();
    // Nothing moved yet: the event page still says 6:00 PM.
    await org.page.goto(`/my-events/${event.id}`);
    await org.page.getByText(/6:00 PM CST – 9:00 PM CST/).waitFor();
    expect(org.errors).toEqual([]);

    // The truck accepts on its profile, after confirming.
    const trk = await openPage(browser, running.url, PHONE);
    const truckLogin = await trk.context.request.post(`${running.url}/api/login`, {
      data: { username: 'edit-truck', password: 'secret1' },
    });
    expect(truckLogin.status()).toBe(200);
    await trk.page.goto('/profile');
    const changes = trk.page.getByRole('region', { name: 'Requested Changes' });
    const item = changes.getByRole('listitem').filter({ hasText: 'Library Taco Night' });
    await item.getByText(/7:30 PM CST – 10:00 PM CST/).waitFor();
    await item.getByRole('button', { name: 'Accept Change' }).click();
    const accept = trk.page.getByRole('alertdialog', { name: 'Accept this change?' });
    await accept.getByRole('button', { name: 'Accept Change' }).click();
    await waitForToast(trk.page, 'Change accepted.');
    await changes.waitFor({ state: 'detached' });
    expect(trk.errors).toEqual([]);

    // The organizer sees the answer.
    await org.page.reload();
    await org.page.getByText('Change accepted').waitFor();
    await org.page
      .getByText(/7:30 PM CST – 10:00 PM CST/)
      .first()
      .waitFor();

    // The diner, from their receipt link, sees the new time and may cancel until the new start.
    const din = await openPage(browser, running.url, PHONE);
    const link = new URL(
      orderLink(running.url, running.app.ctx.config.sessionSecret, { id: orderId, eventId: event.id }),
    );
    await din.page.goto(`${link.pathname}${link.search}`);
    await din.page
      .getByText(/7:30 PM CST/)
      .first()
      .waitFor();
    const notice = din.page
      .getByRole('note')
      .filter({ hasText: 'This event changed its date, time or place' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('a release of your card hold');
    expect(await din.page.getByRole('button', { name: `Cancel order #${orderId}` }).isVisible()).toBe(true);
    expect(din.errors).toEqual([]);

    await Promise.all([org.context.close(), trk.context.close(), din.context.close()]);
  });
});
