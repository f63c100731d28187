import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders, simulatorIntents, users } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, startApp, type RunningApp } from './support/harness';

/**
 * A diner on a phone chooses a tip and sees the truck's sales tax as its own line before paying, then
 * on the confirmation page; the card is held for exactly that total (decisions 188, 189).
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
const PHONE = { width: 375, height: 812 };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a tip and the sales tax at 375px', () => {
  it('shows the tax as its own line, adds the chosen tip, and holds exactly the total shown', async () => {
    const organizer = await createUser(db(), { businessName: 'Lincoln Elementary PTA' });
    const truck = await createTruck(db(), { businessName: 'Taco Loco', cuisine: 'Mexican' });
    await db()
      .update(users)
      .set({ salesTaxBasisPoints: 825, salesTaxOnFood: true, salesTaxOnMarkup: true })
      .where(eq(users.id, truck.id));
    await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    const event = await createEvent(db(), {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      title: 'Taxed Taco Night',
      minimumSales: 30_000,
      priceMarkupPercentage: 1000,
    });
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    const origin = new URL(running.url).origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    await page.goto(`/events/public/${event.id}`);
    const taco = page.getByRole('article', { name: 'Al Pastor Taco' });
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await taco.getByRole('button', { name: 'Add to Cart' }).click();

    const cart = page.getByRole('region', { name: 'Your Cart' });
    // 2 × $11.50 = $23.00; 8.25% of the food and markup ($22.00) = $1.815 → $1.82.
    const taxLine = cart.getByText('Sales tax (8.25%)');
    await taxLine.waitFor();
    await cart.getByTestId('cart-tax').getByText('$1.82').waitFor();
    await cart.getByTestId('cart-total').getByText('$24.82').waitFor();

    const tips = cart.getByRole('group', { name: 'Tip for the crew' });
    await tips.getByText('15% · $3.00').click();
    await cart.getByTestId('cart-tip').getByText('$3.00').waitFor();
    await cart.getByTestId('cart-total').getByText('$27.82').waitFor();
    // Scrolled back to the menu, the cart bar at the bottom says the same total.
    await taco.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('region', { name: 'Cart summary' }).getByText('2 items · $27.82').waitFor();
    expect(await noSideways(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // An amount that is not one is refused before anything is asked of the server.
    await tips.getByText('Other').click();
    await cart.getByLabel('Tip amount ($)').fill('abc');
    await cart.getByText('Enter the tip in dollars and cents, like 5 or 5.50').waitFor();
    await tips.getByText('15% · $3.00').click();

    await cart.getByLabel('Your Name').fill('Riley');
    await cart.getByLabel('Email Address', { exact: true }).fill('riley@example.com');
    await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Authorize/ }).click();

    await page.waitForURL(new RegExp(`/events/public/${event.id}/orders/\\d+$`));
    await page.getByRole('status').getByText('$27.82 held, not charged').waitFor();
    const receipt = page.getByRole('table', { name: /Your order/ });
    expect(
      await receipt
        .getByRole('row', { name: /^Items/ })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['$20.00', '$2.00', '$1.00', '$23.00']);
    expect(await receipt.getByRole('row', { name: 'Sales tax' }).getByRole('cell').allInnerTexts()).toEqual([
      '$1.82',
    ]);
    expect(
      await receipt.getByRole('row', { name: 'Tip for the crew' }).getByRole('cell').allInnerTexts(),
    ).toEqual(['$3.00']);
    expect(
      await receipt
        .getByRole('row', { name: /^Total/ })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['$27.82']);
    expect(await noSideways(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The card was held for what the diner saw; the goal counts the food only.
    const [order] = await db().select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
    expect(order).toMatchObject({ totalAmount: 2782, taxAmount: 182, tipAmount: 300, subtotalAmount: 2000 });
    const [intent] = await db()
      .select()
      .from(simulatorIntents)
      .where(eq(simulatorIntents.id, order!.stripePaymentIntentId!));
    expect(intent!.amount).toBe(2782);
    expect(errors).toEqual([]);
    await context.close();
  });
});
