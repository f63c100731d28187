import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { makePng } from '../support/images';
import { DESKTOP, launchBrowser, openPage, startApp, type RunningApp } from './support/harness';

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
/** The phone of the issue: an iPhone X-sized screen. */
const PHONE_812 = { width: 375, height: 812 };
const SCREENS = path.resolve('docs/screens');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A browser that reaches nothing outside the app (map tiles are refused). */
async function visit(viewport: { width: number; height: number }) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return opened;
}

/** A live event 3 days out with a long menu (so the menu starts well below the first screen), 10% markup. */
async function tacoNight(title: string) {
  const organizer = await createUser(db(), { businessName: 'Lincoln Elementary PTA' });
  const truck = await createTruck(db(), { businessName: 'Taco Loco', cuisine: 'Mexican' });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Horchata', price: 300, category: 'Drink' });
  for (const name of ['Carnitas Taco', 'Elote', 'Churros', 'Quesadilla'])
    await createMenuItem(db(), { foodTruckId: truck.id, name, price: 800 });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title,
    minimumSales: 30_000,
    priceMarkupPercentage: 1000,
    cause: 'Our library shelves are half empty.\nEvery taco buys new books for 400 kids.',
  });
  return { event, truck };
}

const menuCard = (page: Page, name: string) => page.getByRole('article', { name });

async function hasNoSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const viewport of [PHONE_812, DESKTOP]) {
  describe(`a diner at ${viewport.width}px`, () => {
    it('jumps to the menu from the first screen, keeps the cart through a refresh and Back, pays and lands on a confirmation', async () => {
      const { event } = await tacoNight(`Library Taco Night ${viewport.width}`);
      const { page, context, errors } = await visit(viewport);
      await page.goto(`/events/public/${event.id}`);

      // The Order control is in the first screen and takes the diner to the menu.
      const order = page.getByRole('link', { name: 'Order', exact: true });
      const box = (await order.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await order.click();
      await expect.poll(() => menuCard(page, 'Al Pastor Taco').isVisible()).toBe(true);
      const menuTop = await page.getByRole('heading', { name: 'Menu', exact: true }).boundingBox();
      expect(menuTop!.y).toBeGreaterThanOrEqual(0);
      expect(menuTop!.y).toBeLessThan(viewport.height);

      await menuCard(page, 'Al Pastor Taco').getByRole('button', { name: 'Add to Cart' }).click();
      await menuCard(page, 'Al Pastor Taco').getByRole('button', { name: 'Add to Cart' }).click();
      await menuCard(page, 'Horchata').getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('region', { name: 'Your Cart' });
      await cart.getByLabel('Your Name').fill('Riley');
      await cart.getByLabel('Email Address', { exact: true }).fill('riley@example.com');
      await cart.getByText('$26.45').first().waitFor(); // 2 × $11.50 + $3.45

      // A refresh keeps the cart, the name and the e-mail.
      await page.reload();
      await cart.getByText('$26.45').first().waitFor();
      expect(await cart.getByLabel('Your Name').inputValue()).toBe('Riley');
      expect(await cart.getByLabel('Email Address', { exact: true }).inputValue()).toBe('riley@example.com');

      // So does leaving through the app and coming Back; the next page opens at the top.
      await page.getByRole('link', { name: 'Food Truck Fund' }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await cart.getByText('$26.45').first().waitFor();
      expect(await cart.getByLabel('Your Name').inputValue()).toBe('Riley');

      await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Authorize/ }).click();

      // The confirmation page: its own address, at the top.
      await page.waitForURL(new RegExp(`/events/public/${event.id}/orders/\\d+$`));
      await page.getByRole('heading', { level: 1, name: 'Thanks, Riley!' }).waitFor();
      expect(await page.title()).toBe(
        `Order confirmed · Library Taco Night ${viewport.width} · Food Truck Fund`,
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.getByRole('status').getByText('$26.45 held, not charged').waitFor();
      const [placed] = await db().select().from(pendingOrders).where(eq(pendingOrders.eventId, event.id));
      expect(placed!.status).toBe('confirmed');
      await page.getByTestId('pickup-code').getByText(placed!.pickupCode!).waitFor();
      const qr = page.getByRole('img', { name: `QR code of pickup code ${placed!.pickupCode}` });
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      const receipt = page.getByRole('table', { name: /Your order/ });
      const taco = receipt.getByRole('row', { name: /2 × Al Pastor Taco/ });
      expect(await taco.getByRole('cell').allInnerTexts()).toEqual(['$20.00', '$2.00', '$1.00', '$23.00']);
      const total = receipt.getByRole('row', { name: /^Total/ });
      expect(await total.getByRole('cell').allInnerTexts()).toEqual(['$23.00', '$2.30', '$1.15', '$26.45']);
      expect(await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
        `/api/events/${event.id}/calendar.ics`,
      );
      await page
        .getByRole('group', { name: 'Share this event' })
        .getByRole('link', { name: /Share on X/ })
        .waitFor();
      expect(await hasNoSideways(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({
        path: path.join(SCREENS, `confirmation-${viewport.width}.png`),
        fullPage: true,
      });

      // Back to the event: the order is there, the cart is empty and nothing of it is kept.
      await page.getByRole('link', { name: 'Back to the event' }).click();
      await page.getByRole('heading', { level: 1, name: `Library Taco Night ${viewport.width}` }).waitFor();
      await page.getByText('Card authorized').first().waitFor();
      // The cart loads when it nears the screen or the page is idle: wait for it, then read it.
      await cart.getByText('Your cart is empty. Add something from the menu.').waitFor();
      expect(await cart.getByText('$26.45').count()).toBe(0);
      expect(
        await page.evaluate((id) => localStorage.getItem(`food-truck-fund:cart:${id}`), event.id),
      ).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

describe('pages and positions', () => {
  it('opens every new page at the top and returns to the old position on Back', async () => {
    for (let i = 0; i < 8; i++) await tacoNight(`Scroll Night ${i}`);
    const { page, context, errors } = await visit(PHONE_812);
    await page.goto('/events/public');
    // The page has loaded and settled (its after-load parts, the chat button among them, are there).
    await page.getByRole('button', { name: 'Open support chat' }).waitFor();
    const target = page.getByRole('link', { name: /Scroll Night 6/ }).first();
    await target.scrollIntoViewIfNeeded();
    const listOffset = await page.evaluate(() => window.scrollY);
    expect(listOffset).toBeGreaterThan(300);
    await target.click();
    await page.getByRole('heading', { level: 1, name: 'Scroll Night 6' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The cover is on screen, not cut off.
    await page.getByRole('heading', { level: 1, name: 'Scroll Night 6' }).isVisible();
    await page.goBack();
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
      .toBeGreaterThan(listOffset - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(listOffset + 5);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the receipt link', () => {
  it('opens the confirmation in another browser with its token, and nothing without it', async () => {
    const { event } = await tacoNight('Receipt Night');
    const first = await visit(PHONE_812);
    await first.page.goto(`/events/public/${event.id}`);
    await menuCard(first.page, 'Elote').getByRole('button', { name: 'Add to Cart' }).click();
    const cart = first.page.getByRole('region', { name: 'Your Cart' });
    await cart.getByLabel('Your Name').fill('Sam');
    await cart.getByLabel('Email Address', { exact: true }).fill('sam@example.com');
    await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
    await first.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await first.page.getByLabel('Expiration (MM/YY)').fill('12/34');
    await first.page.getByLabel('CVC').fill('123');
    await first.page.getByRole('button', { name: /^Authorize/ }).click();
    await first.page.waitForURL(/\/orders\/\d+$/);
    const orderPath = new URL(first.page.url()).pathname;
    const orderId = /\/orders\/(\d+)$/.exec(orderPath)![1];
    const api = await first.context.request.get(`${running.url}/api/events/${event.id}/orders/${orderId}`);
    const receiptLink = new URL(((await api.json()) as { links: { receipt: string } }).links.receipt);
    // Every link is made with the address this browser came to.
    expect(receiptLink.origin).toBe(new URL(running.url).origin);

    const other = await visit(PHONE_812);
    await other.page.goto(orderPath);
    await other.page.getByRole('alert').getByText('Order not found').waitFor();
    await other.page.goto(`${receiptLink.pathname}${receiptLink.search}`);
    await other.page.getByRole('heading', { level: 1, name: 'Thanks, Sam!' }).waitFor();
    expect(other.errors).toEqual([]);
    expect(first.errors).toEqual([]);
    await first.context.close();
    await other.context.close();
  });
});

describe('menu photos', () => {
  it('are uploaded on the truck’s menu screen and shown on the event’s menu, in WebP widths', async () => {
    const { event, truck } = await tacoNight('Photo Night');
    const owner = await visit(DESKTOP);
    const login = await owner.context.request.post(`${running.url}/api/login`, {
      data: { username: truck.username, password: 'password123' },
    });
    expect(login.status()).toBe(200);
    await owner.page.goto('/profile');
    const menu = owner.page.getByRole('region', { name: 'Menu Items' });
    await menu.getByRole('button', { name: 'Edit Elote' }).click();
    const dialog = owner.page.getByRole('dialog', { name: /Edit/ });
    await dialog
      .getByLabel('Item Image (optional)')
      .setInputFiles({ name: 'elote.png', mimeType: 'image/png', buffer: makePng(900, 600, [250, 200, 40]) });
    await dialog.getByRole('img', { name: 'Menu item image preview' }).waitFor();
    await dialog.getByRole('button', { name: /^Save/ }).click();
    await dialog.waitFor({ state: 'detached' });

    const diner = await visit(PHONE_812);
    await diner.page.goto(`/events/public/${event.id}`);
    const photo = menuCard(diner.page, 'Elote').getByRole('img', { name: 'Elote' });
    await photo.scrollIntoViewIfNeeded();
    expect(await photo.getAttribute('srcset')).toMatch(/\/api\/images\/[0-9a-f]{64}\S* 320w/);
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/api\/images\//);
    expect(owner.errors).toEqual([]);
    expect(diner.errors).toEqual([]);
    await owner.context.close();
    await diner.context.close();
  });
});
