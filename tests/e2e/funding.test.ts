import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders, promoCodes, simulatorIntents, tourProgress } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { eventRow } from '../support/orders';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * How hosts fund an event, in the browser (issue 39; decisions 222, 223): the organizer makes a promo
 * code on their event's page, a diner on a phone applies it at checkout and is held for the discounted
 * total (the code comes out of the markup only), and another gives a gift without ordering food, the fee
 * on top, outside the goal.
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
const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function signIn(page: Awaited<ReturnType<typeof openPage>>, username: string) {
  const login = await page.context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'secret1' },
  });
  expect(login.status()).toBe(200);
}

/** The card step: the button names what the card is held for; the receipt's address follows. */
async function authorize(page: Page, eventId: number, amount: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Authorize ${amount}` }).click();
  await page.waitForURL(new RegExp(`/events/public/${eventId}/orders/\\d+$`));
  await page.getByRole('status').getByText(`${amount} held, not charged`).waitFor();
}

async function heldFor(orderId: number) {
  const [order] = await db().select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
  const [intent] = await db()
    .select()
    .from(simulatorIntents)
    .where(eq(simulatorIntents.id, order!.stripePaymentIntentId!));
  return { order: order!, intent: intent! };
}

const orderIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').at(-1));

describe('promo codes and gifts in the browser', () => {
  it('the organizer makes a code, a diner is held for the discounted total, another gives without food', async () => {
    const organizer = await createUser(db(), { username: 'funding-host', password: 'secret1' });
    await db().insert(tourProgress).values({ userId: organizer.id, active: false, completed: true });
    const truck = await createTruck(db(), { businessName: 'Taco Loco', cuisine: 'Mexican' });
    await createMenuItem(db(), { foodTruckId: truck.id, name: 'Al Pastor Taco', price: 1000 });
    const event = await createEvent(db(), {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      title: 'Spring Fair',
      minimumSales: 30_000,
      priceMarkupPercentage: 1000,
    });

    // The organizer, on a desktop: Promo codes on their event's page.
    const host = await openPage(browser, running.url, DESKTOP);
    await signIn(host, 'funding-host');
    await host.page.goto(`/my-events/${event.id}`);
    const codes = host.page.getByRole('region', { name: 'Promo codes' });
    await codes.getByLabel('Code', { exact: true }).fill('pta10');
    await codes.getByRole('textbox', { name: 'Percent off' }).fill('10');
    await codes.getByLabel('Most uses (optional)').fill('5');
    await codes.getByRole('button', { name: 'Create Code' }).click();
    const listed = codes.getByRole('list', { name: 'Promo codes' }).getByRole('listitem');
    await listed.filter({ hasText: 'PTA10' }).getByText('10% off · 0 of 5 used').waitFor();
    expect(host.errors).toEqual([]);

    // A diner on a phone: two tacos are $23.00; 10% of that is $2.30, but a code takes at most the
    // markup ($2.00): the card is held for $21.00.
    const diner = await openPage(browser, running.url, PHONE);
    await diner.page.goto(`/events/public/${event.id}`);
    const taco = diner.page.getByRole('article', { name: 'Al Pastor Taco' });
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    await taco.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = diner.page.getByRole('region', { name: 'Your Cart' });
    await cart.getByTestId('cart-total').getByText('$23.00').waitFor();
    await cart.getByLabel('Promo code (optional)').fill('pta10');
    await cart.getByLabel('Your Name').fill('Riley');
    await cart.getByLabel('Email Address', { exact: true }).fill('riley@example.com');
    await cart.getByRole('button', { name: 'Proceed to Payment' }).click();
    await authorize(diner.page, event.id, '$21.00');
    expect(await noSideways(diner.page)).toBe(true);
    const discounted = await heldFor(orderIdOf(diner.page));
    expect(discounted.order).toMatchObject({ subtotalAmount: 2000, discountAmount: 200, totalAmount: 2100 });
    expect(discounted.intent).toMatchObject({ status: 'requires_capture', amount: 2100 });
    expect(diner.errors).toEqual([]);

    // The organizer's list counts the use.
    await host.page.reload();
    await listed.filter({ hasText: 'PTA10' }).getByText('10% off · 1 of 5 used').waitFor();
    const [code] = await db()
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.eventId, event.id), eq(promoCodes.code, 'PTA10')));
    expect(code!.uses).toBe(1);

    // A grandparent far away, on a phone: Give without ordering, $20.00 and the platform's $1.00 on top.
    const giver = await openPage(browser, running.url, PHONE);
    await giver.page.goto(`/events/public/${event.id}`);
    await giver.page.getByRole('button', { name: 'Give without ordering' }).click();
    const giving = giver.page.getByRole('region', { name: 'Your Cart' });
    await giving.getByLabel('Your gift to the cause').fill('20');
    await giving.getByText('$20.00 to the cause + $1.00 platform fee = $21.00').waitFor();
    await giving.getByLabel('Your Name').fill('Grandma Rosa');
    await giving.getByLabel('Email Address', { exact: true }).fill('rosa@example.com');
    await giving.getByRole('button', { name: 'Proceed to Payment' }).click();
    await authorize(giver.page, event.id, '$21.00');
    expect(await noSideways(giver.page)).toBe(true);
    const gift = await heldFor(orderIdOf(giver.page));
    expect(gift.order).toMatchObject({
      subtotalAmount: 0,
      donationAmount: 2000,
      donationFeeAmount: 100,
      totalAmount: 2100,
    });
    expect(gift.intent).toMatchObject({ status: 'requires_capture', amount: 2100 });
    // The goal counts the food only: the diner's $20.00, not the gift.
    expect((await eventRow(db(), event.id)).currentSales).toBe(2000);
    expect(giver.errors).toEqual([]);
  });
});
