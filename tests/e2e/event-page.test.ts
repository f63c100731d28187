import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

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
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp';

/** A browser that reaches nothing outside the app (map tiles are refused). */
async function visit(viewport = PHONE) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

/** A live event raising money for a cause, 3 days out, 10% markup: tacos $10.00 → $11.50. */
async function causeEvent() {
  const organizer = await createUser(db(), { businessName: 'Lincoln Elementary PTA' });
  const truck = await createTruck(db(), { businessName: 'Taco Loco', cuisine: 'Mexican' });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Horchata', price: 300, category: 'Drink' });
  for (const name of ['Carnitas Taco', 'Elote', 'Churros', 'Quesadilla'])
    await createMenuItem(db(), { foodTruckId: truck.id, name, price: 800 });
  return createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title: 'Library Books Taco Night',
    minimumSales: 30_000,
    priceMarkupPercentage: 1000,
    cause: 'Our library shelves are half empty.\nEvery taco buys new books for 400 kids.',
  });
}

const cartBar = (page: Page) => page.getByRole('region', { name: 'Cart summary' });

describe('the event page on a phone', () => {
  it('shows who raises money and why, the promise, and a sticky cart bar that opens the cart for checkout', async () => {
    const event = await causeEvent();
    const { page, context, errors } = await visit(PHONE);
    await page.goto(`/events/public/${event.id}`);

    await page.getByRole('heading', { level: 1, name: 'Library Books Taco Night' }).waitFor();
    expect(await page.title()).toBe('Library Books Taco Night · Food Truck Fund');
    const cause = page.getByRole('region', { name: "Why we're raising" });
    await cause.getByText('Lincoln Elementary PTA', { exact: true }).waitFor();
    await cause.getByText(/Every taco buys new books for 400 kids/).waitFor();
    const trust = page.getByRole('region', { name: 'Pre-order without risk' });
    await trust.getByText('Your card is only charged if this event reaches its goal').waitFor();
    await trust.getByText(/every charge is refunded in full/).waitFor();
    await page
      .getByRole('article', { name: 'Al Pastor Taco' })
      .getByText('$10.00 menu price + $1.00 organizer markup + $0.50 platform fee (5%)')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/event-page-375.png`, fullPage: true });

    // No cart bar until something is in the cart; then it says what and how much, right away.
    expect(await cartBar(page).count()).toBe(0);
    const taco = page.getByRole('article', { name: 'Al Pastor Taco' });
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await cartBar(page).getByText('1 item · $11.50').waitFor();
    await cartBar(page).getByText('Added Al Pastor Taco').waitFor();
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await cartBar(page).getByText('2 items · $23.00').waitFor();
    // The bar is on screen, at the bottom, while the cart itself is far below.
    const bar = await cartBar(page).boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(PHONE.height + 1);
    expect(bar!.y).toBeGreaterThan(PHONE.height / 2);
    await page.screenshot({ path: `${SHOTS}/event-page-375-cart-bar.png` });

    await cartBar(page).getByRole('button', { name: 'View cart' }).click();
    const cartHeading = page.getByRole('heading', { name: 'Your Cart' });
    await page.waitForFunction(() => document.activeElement?.id === 'cart-title');
    expect(await cartHeading.isVisible()).toBe(true);
    // With the cart on screen the bar steps aside.
    await cartBar(page).waitFor({ state: 'detached' });
    const breakdown = page.getByRole('definition').filter({ hasText: '$20.00' });
    await breakdown.first().waitFor();
    await page.getByTestId('cart-total').getByText('$23.00').waitFor();

    await page.getByLabel('Your Name').fill('Pat');
    await page.getByLabel('Email Address', { exact: true }).fill('pat@example.com');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Authorize \$23\.00$/ }).click();
    await waitForToast(page, 'Card Successfully Authorized');
    // Paying opens the confirmation page; the order is also on the event page (decision 147).
    await page.getByRole('link', { name: 'Back to the event' }).click();
    await page.getByRole('region', { name: 'Your Pre-Orders' }).getByText('Card authorized').waitFor();
    // $20.00 of food toward $300.00: 6%, and the bar is gone with the emptied cart.
    await page.getByText('6% funded · $280.00 still needed').waitFor();
    expect(await cartBar(page).count()).toBe(0);
    const [order] = await db().select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(order).toMatchObject({ status: 'confirmed', totalAmount: 2300 });

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says 99% while $0.40 is still needed, and falls back to a drawn hero without pictures', async () => {
    const event = await causeEvent();
    await db().update(events).set({ currentSales: 29_960 }).where(eq(events.id, event.id));
    const { page, context, errors } = await visit(DESKTOP);
    await page.goto(`/events/public/${event.id}`);
    await page.getByText('99% funded · $0.40 still needed').waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Funding progress' }).getAttribute('aria-valuenow'),
    ).toBe('99');
    await page.getByTestId('hero-fallback').waitFor();
    await page.screenshot({ path: `${SHOTS}/event-page-1280.png`, fullPage: true });
    // Questions go to the support chat, one click away.
    await page.getByRole('button', { name: 'Chat with support' }).click();
    await page.getByRole('dialog', { name: 'Support Chat' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a failed capture truthfully: no "Goal reached!" over money that is missing', async () => {
    const event = await causeEvent();
    // The goal was reached, then the charges failed; the event has started.
    const past = new Date(Date.now() - 60 * 60 * 1000);
    await db()
      .update(events)
      .set({ status: 'processing', currentSales: 0, startsAt: past })
      .where(eq(events.id, event.id));
    const { page, context, errors } = await visit(PHONE);
    await page.goto(`/events/public/${event.id}`);
    await page.getByText('Some payments did not go through').waitFor();
    // The notice and the progress sentence tell the same story (decision 234).
    await page.getByText(/some charges failed and \$300\.00 is missing/).waitFor();
    await page.getByText('The goal was reached, but some payments failed: $300.00 is missing.').waitFor();
    expect(await page.getByText('Goal reached!').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never tells a diner whose charge failed that all is well', async () => {
    const event = await causeEvent();
    await db().update(events).set({ minimumSales: 1000 }).where(eq(events.id, event.id));
    const { page, context, errors } = await visit(PHONE);
    await page.goto(`/events/public/${event.id}`);
    await page
      .getByRole('article', { name: 'Al Pastor Taco' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await cartBar(page).getByRole('button', { name: 'View cart' }).click();
    await page.getByLabel('Your Name').fill('Ben');
    await page.getByLabel('Email Address', { exact: true }).fill('ben@example.com');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    // This card is held now and fails when it is charged; Ben's order takes the event to its goal.
    await page.getByLabel('Card number').fill('4000 0000 0000 0341');
    await page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Authorize/ }).click();
    await waitForToast(page, 'This event has reached its goal, so your card is being charged now.');
    // Paying opens the confirmation page; the order is also on the event page (decision 147).
    await page.getByRole('link', { name: 'Back to the event' }).click();

    await running.app.ctx.reconciler.runOnce();
    const [short] = await db().select().from(events).where(eq(events.id, event.id));
    expect(short).toMatchObject({ status: 'processing', currentSales: 0 });
    await page.reload();
    const order = page.getByRole('region', { name: 'Your Pre-Orders' });
    await order.getByText('Payment failed').waitFor();
    await order.getByText(/Your card was not charged\./).waitFor();
    expect(await order.getByText(/authorized/i).count()).toBe(0);
    await page
      .getByRole('note', { name: 'How payment works' })
      .getByText(/some payments failed/)
      .waitFor();
    await page.getByText('The goal was reached, but some payments failed: $10.00 is missing.').waitFor();
    expect(await page.getByText('Goal reached!').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
