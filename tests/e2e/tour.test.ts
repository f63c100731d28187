import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

/** The onboarding tour as a newcomer meets it. */
let running: RunningApp;
let browser: Browser;

beforeAll(async () => {
  running = await startApp();
  await createUser(running.database.db, { username: 'nora', role: 'organizer', password: 'secret-nora' });
  await createUser(running.database.db, { username: 'ned', role: 'organizer', password: 'secret-ned' });
  await createTruck(running.database.db, { username: 'tess-truck', password: 'secret-tess' });
  await createUser(running.database.db, { username: 'amy-admin', role: 'admin', password: 'secret-amy' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForToast(page, 'Logged in successfully');
}

const tourCard = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The outline drawn around the step's target sits on the target. */
async function expectHighlighted(page: Page, target: Locator) {
  const highlight = page.getByTestId('tour-highlight');
  await highlight.waitFor();
  await expect
    .poll(async () => {
      const [h, t] = [await highlight.boundingBox(), await target.boundingBox()];
      return h && t
        ? Math.abs(h.x + 4 - t.x) + Math.abs(h.y + 4 - t.y) + Math.abs(h.width - 8 - t.width)
        : Infinity;
    })
    .toBeLessThan(2);
}

/** The card and its step's target don't overlap, once the card has settled beside it. */
async function expectNotCovering(page: Page, card: Locator, target: Locator) {
  await expect
    .poll(async () => {
      const [c, t] = [await card.boundingBox(), await target.boundingBox()];
      if (!c || !t) return 'not measured';
      const overlapX = Math.min(c.x + c.width, t.x + t.width) - Math.max(c.x, t.x);
      const overlapY = Math.min(c.y + c.height, t.y + t.height) - Math.max(c.y, t.y);
      return overlapX > 0 && overlapY > 0 ? `overlap ${overlapX}×${overlapY}` : 'apart';
    })
    .toBe('apart');
}

describe('the onboarding tour', () => {
  it('starts for a new organizer, rewards each step, navigates, completes, survives a reload and restarts from the profile', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await signIn(page, 'nora', 'secret-nora');

    const welcome = tourCard(page, 'Welcome to Food Truck Fund!');
    await welcome.waitFor();
    await welcome.getByText('Step 1 of 3').waitFor();
    await welcome.getByText('+10 points').waitFor();
    await welcome.getByRole('img', { name: 'Party badge' }).waitFor();
    await welcome.getByRole('button', { name: 'Next' }).click();

    await page.waitForURL('**/events/public');
    const browse = tourCard(page, 'Browse events');
    await browse.getByText('Step 2 of 3').waitFor();
    await browse.getByText('+15 points').waitFor();
    await browse.getByText(/10 points so far · badges/).waitFor();
    await browse.getByRole('img', { name: 'Party badge' }).waitFor();
    await expectHighlighted(page, page.locator('[data-tour="events-list"]'));

    // A reload, and another device, pick up where the tour was.
    await page.reload();
    await tourCard(page, 'Browse events').waitFor();
    const other = await openPage(browser, running.url);
    await signIn(other.page, 'nora', 'secret-nora');
    await tourCard(other.page, 'Browse events').waitFor();
    await other.page.waitForURL('**/events/public');
    await other.context.close();

    // Keyboard: the Next button works with Enter.
    await tourCard(page, 'Browse events').getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/events/create');
    const create = tourCard(page, 'Create an event');
    await create.getByText('Step 3 of 3').waitFor();
    await create.getByText('+20 points').waitFor();
    await create.getByText(/25 points so far · badges/).waitFor();
    await create.getByRole('img', { name: 'Map badge' }).waitFor();
    await expectHighlighted(page, page.locator('[data-tour="create-event"]'));
    // At 1280 px the card sits below the button, never over the cover picture chooser above it.
    await expectNotCovering(page, create, page.locator('[data-tour="create-event"]'));
    await expectNotCovering(page, create, page.getByText('Cover Picture (optional)'));
    await expectNotCovering(page, create, page.getByText(/Shown at the top of the event page/));
    await create.getByRole('button', { name: 'Finish' }).click();

    await waitForToast(page, 'You earned 45 points and 3 badges: Party, Map, Calendar');
    await create.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: 'Create a New Event' }).waitFor();
    // The tour's progress loads after the page: no card until the app has decided (html[data-tour]).
    await page.locator('html[data-tour]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('data-tour')).toBe('off');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.goto('/profile');
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByText('Onboarding tour: 45 of 45 points').waitFor();
    await settings.getByRole('button', { name: 'Restart tour' }).click();
    const again = tourCard(page, 'Welcome to Food Truck Fund!');
    await again.getByText('0 points so far').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("skips for good; a truck's own tour shows its profile, menu, requests, bookings and event day, on a phone without blocking Approve", async () => {
    const db = running.database.db;
    const [tess] = await db.select().from(users).where(eq(users.username, 'tess-truck'));
    const asker = await createUser(db, { role: 'organizer' });
    await createMenuItem(db, { foodTruckId: tess!.id, name: 'Tour Taco' });
    const request = await createEvent(db, {
      organizerId: asker.id,
      foodTruckId: tess!.id,
      title: 'Tour Request',
      status: 'pending_approval',
      now: running.app.ctx.now(),
    });
    await createEvent(db, {
      organizerId: asker.id,
      foodTruckId: tess!.id,
      title: 'Tour Booking',
      now: running.app.ctx.now(),
    });

    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await signIn(page, 'tess-truck', 'secret-tess');
    const welcome = tourCard(page, 'Welcome to Food Truck Fund!');
    await welcome.getByText('Step 1 of 6').waitFor();
    await welcome.getByText(/where you answer requests, keep your menu and run your event days/).waitFor();
    await welcome.getByRole('button', { name: 'Skip tour' }).click();
    await welcome.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('heading', { name: /Taco Loco|tess-truck/ }).waitFor();
    await page.locator('html[data-tour]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('data-tour')).toBe('off');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page
      .getByRole('region', { name: 'Settings' })
      .getByRole('button', { name: 'Restart tour' })
      .click();
    const again = tourCard(page, 'Welcome to Food Truck Fund!');
    await again.waitFor();
    // The card never blocks a tap: the truck's Approve, under where the card sits, is still reachable.
    await page.getByRole('button', { name: 'Approve' }).first().click({ timeout: 5000 });
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: /Approve/ }))
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await again.getByRole('button', { name: 'Next' }).click();

    const steps: Array<[string, string, string]> = [
      ['Your profile', '/profile', '[data-tour="truck-profile"]'],
      ['Your menu', '/profile', '[data-tour="truck-menu"]'],
      ['Requests to answer', '/profile', '[data-tour="truck-requests"]'],
      ['Your bookings', '/bookings', '[data-tour="bookings"]'],
      ['Event day', '/bookings', '[data-tour="event-day"]'],
    ];
    for (const [index, [title, route, target]] of steps.entries()) {
      const card = tourCard(page, title);
      await card.getByText(`Step ${index + 2} of 6`).waitFor();
      expect(new URL(page.url()).pathname).toBe(route);
      await expectHighlighted(page, page.locator(target).first());
      if (target !== '[data-tour="bookings"]')
        await expectNotCovering(page, card, page.locator(target).first());
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await card.getByRole('button', { name: index === steps.length - 1 ? 'Finish' : 'Next' }).click();
    }
    await waitForToast(
      page,
      'You earned 65 points and 6 badges: Party, Truck, Taco, Mailbox, Ledger, Camera',
    );
    // Never the organizers-only create page.
    expect(new URL(page.url()).pathname).toBe('/bookings');
    expect(request.id).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does not start by itself for a guest or an admin; a guest starts it from the chat and keeps it in the browser', async () => {
    const admin = await openPage(browser, running.url);
    await signIn(admin.page, 'amy-admin', 'secret-amy');
    await admin.page.getByRole('heading', { name: 'Public Events' }).waitFor();
    // The app has loaded this person's tour and decided (html[data-tour]): it stays off.
    await admin.page.locator('html[data-tour]').waitFor({ state: 'attached' });
    expect(await admin.page.locator('html').getAttribute('data-tour')).toBe('off');
    expect(await admin.page.getByRole('dialog').count()).toBe(0);
    await admin.context.close();

    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fundraising with Food Trucks' }).waitFor();
    await page.locator('html[data-tour]').waitFor({ state: 'attached' });
    expect(await page.locator('html').getAttribute('data-tour')).toBe('off');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Open support chat' }).click();
    await page
      .getByRole('dialog', { name: 'Support Chat' })
      .getByRole('button', { name: 'Take the tour' })
      .click();
    await page.getByRole('dialog', { name: 'Support Chat' }).waitFor({ state: 'hidden' });
    await tourCard(page, 'Welcome to Food Truck Fund!').getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/events/public');
    await tourCard(page, 'Browse events').waitFor();

    await page.goto('/how-it-works');
    await page.reload();
    // Still at step 2 after a reload: the tour brings the guest back to its page.
    await page.waitForURL('**/events/public');
    await tourCard(page, 'Browse events').getByText('10 points so far').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375px phone, covering neither the chat button nor the step it points at', async () => {
    // Enough events that the list is taller than the phone's screen.
    const db = running.database.db;
    const organizer = await createUser(db, { role: 'organizer' });
    const truck = await createTruck(db, { businessName: 'Tour Tacos' });
    for (let i = 0; i < 4; i++) {
      await createEvent(db, { organizerId: organizer.id, foodTruckId: truck.id, now: running.app.ctx.now() });
    }
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await signIn(page, 'ned', 'secret-ned');
    const welcome = tourCard(page, 'Welcome to Food Truck Fund!');
    await welcome.waitFor();
    const card = (await welcome.boundingBox())!;
    const chat = (await page.getByRole('button', { name: 'Open support chat' }).boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
    expect(card.y + card.height).toBeLessThanOrEqual(chat.y);
    await welcome.getByRole('button', { name: 'Next' }).click();
    const browse = tourCard(page, 'Browse events');
    await browse.waitFor();
    const box = (await browse.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expectNotCovering(page, browse, page.locator('[data-tour="events-list"]'));

    await browse.getByRole('button', { name: 'Next' }).click();
    const create = tourCard(page, 'Create an event');
    await create.waitFor();
    await expectNotCovering(page, create, page.locator('[data-tour="create-event"]'));
    const createBox = (await create.boundingBox())!;
    expect(createBox.y + createBox.height).toBeLessThanOrEqual(chat.y);
    // A toast still on screen ("Logged in successfully") and the card never land on each other.
    for (const toast of await page.locator('li[data-state="open"]').all())
      await expectNotCovering(page, create, toast);
    expect(errors).toEqual([]);
    await context.close();
  });
});
