/**
 * The diner's event page in the truck's currency (issue 41, decision 230): the demo's truck that sells
 * in Mexican pesos (src/server/seed/demo-languages.ts) shows its menu, progress and cart in MX$, from
 * the server's HTML on, and never as US dollars.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pendingOrders } from '../../src/server/db/schema';
import { seedSpanishDemo } from '../../src/server/seed/demo-languages';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

let running: RunningApp;
let browser: Browser;
let eventPath: string;
let eventId: number;

beforeAll(async () => {
  running = await startApp();
  browser = await launchBrowser();
  const { kermes } = await seedSpanishDemo(
    running.database.db,
    running.app.ctx.now(),
    'password123',
    (value) => value,
  );
  eventId = kermes.id;
  eventPath = `/events/public/${kermes.id}`;
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** A dollar amount not written as pesos ("$103.50" alone, not "MX$103.50"). */
const US_DOLLARS = /(?<!MX)\$\d/;

describe('the seeded event of a truck selling in pesos', () => {
  it('shows MX$ prices, progress and cart, server-rendered and after adding a dish, and orders at the total shown', async () => {
    const { context, page, errors } = await openPage(browser, running.url, PHONE);
    try {
      // Barbacoa tacos: MX$90.00 on the menu, 10% markup MX$9.00, 5% fee MX$4.50.
      const html = await (await context.request.get(eventPath)).text();
      expect(html).toContain('MX$103.50');
      expect(html).toContain('MX$90.00 menu price + MX$9.00 organizer markup + MX$4.50 platform fee (5%)');
      expect(html).toContain('raised of MX$8,000.00 goal');
      expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toMatch(US_DOLLARS);

      await page.goto(eventPath);
      const tacos = page.locator('article', { hasText: 'Tacos de barbacoa (3)' });
      await tacos.getByText('MX$103.50').waitFor();
      await tacos.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('sticky-cart-summary').getByText('1 item · MX$103.50').waitFor();
      await page.getByText('MX$103.50 each').waitFor();
      expect(await page.getByTestId('cart-total').textContent()).toBe('MX$103.50');
      expect(await page.locator('body').innerText()).not.toMatch(US_DOLLARS);

      // A 15% tip of the food (MX$13.50), and the order the server makes is the total shown, in centavos.
      const cart = page.locator('[aria-labelledby="cart-title"]');
      await cart.getByText('15% · MX$13.50').click();
      await cart.getByTestId('cart-total').getByText('MX$117.00').waitFor();
      await cart.getByLabel('Your Name').fill('Lupita');
      await cart.getByLabel('Email Address', { exact: true }).fill('lupita@example.com');
      await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByLabel('Card number').waitFor();
      const orders = await running.database.db
        .select({ total: pendingOrders.totalAmount, currency: pendingOrders.currency })
        .from(pendingOrders)
        .where(eq(pendingOrders.eventId, eventId));
      expect(orders).toEqual([{ total: 11_700, currency: 'MXN' }]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
