import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { DESKTOP, launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

/**
 * Stock per event on a phone (decision 196): the menu says how many are left near the end and "Sold out"
 * at zero, and a diner whose last units were bought by someone else is told so at checkout.
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
const menuCard = (page: Page, name: string) => page.getByRole('article', { name });

/** A live event whose truck makes `stock` Brisket Plates ($16.00, so $16.80 with the fee) per event. */
async function brisketNight(stock: number) {
  const organizer = await createUser(db(), { businessName: 'Riverside Booster Club' });
  const truck = await createTruck(db(), { businessName: 'Smoke Signals BBQ', cuisine: 'Barbecue' });
  const brisket = await createMenuItem(db(), {
    foodTruckId: truck.id,
    name: 'Brisket Plate',
    price: 1600,
    stockPerEvent: stock,
  });
  await createMenuItem(db(), { foodTruckId: truck.id, name: 'Sweet Tea', price: 300, category: 'Drink' });
  const event = await createEvent(db(), {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    title: 'Brisket night',
    minimumSales: 100_000,
  });
  return { event, brisket };
}

/** Another diner, elsewhere, buys `quantity` plates through the API as the event page does. */
async function someoneElseBuys(eventId: number, menuItemId: number, quantity: number) {
  const res = await fetch(`${running.url}/api/events/${eventId}/create-payment-intent`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: new URL(running.url).origin,
      'idempotency-key': `elsewhere-${eventId}-${quantity}-${Math.random()}`,
    },
    body: JSON.stringify({
      items: [{ menuItemId, quantity, unitPrice: 16.8, name: 'Brisket Plate' }],
      customerName: 'Sam Elsewhere',
      customerEmail: 'sam@example.com',
      amount: 1680 * quantity,
      markupPercentage: 0,
      platformFeePercentage: 5,
    }),
  });
  expect(res.status).toBe(200);
}

describe('stock per event', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'on a %s: "Sold out" at zero, "n left" near the end, and the last units go to who paid first',
    async (_name, viewport) => {
      const soldOut = await brisketNight(2);
      await someoneElseBuys(soldOut.event.id, soldOut.brisket.id, 2);
      const { page, context, errors } = await openPage(browser, running.url, viewport);
      try {
        await page.goto(`/events/public/${soldOut.event.id}`);
        const gone = menuCard(page, 'Brisket Plate');
        await gone.getByText('Sold out', { exact: true }).first().waitFor();
        expect(await gone.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true);
        expect(
          await menuCard(page, 'Sweet Tea').getByRole('button', { name: 'Add to Cart' }).isEnabled(),
        ).toBe(true);

        const few = await brisketNight(3);
        await page.goto(`/events/public/${few.event.id}`);
        const plate = menuCard(page, 'Brisket Plate');
        await plate.getByText('3 left').waitFor();
        for (let i = 0; i < 3; i++) await plate.getByRole('button', { name: 'Add to Cart' }).click();
        expect(await plate.getByRole('button', { name: 'All left are in your cart' }).isDisabled()).toBe(
          true,
        );

        // Someone else is quicker: one plate is gone before this diner pays.
        await someoneElseBuys(few.event.id, few.brisket.id, 1);
        await page.getByLabel('Your Name').fill('Dana Diner');
        await page.getByLabel('Email Address', { exact: true }).fill('dana@example.com');
        await page.getByRole('button', { name: 'Proceed to Payment' }).click();
        await page.getByText('Only 2 Brisket Plate left. Please change your cart.').first().waitFor();
        await plate.getByText('2 left').waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
