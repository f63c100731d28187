import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import { outbox, pendingOrders, tourProgress } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock } from '../support/test-app';
import {
  chooseTruck,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

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

let sequence = 0;

/** A user who has already seen the onboarding tour, so its card does not cover the screens. */
async function person(role: 'organizer' | 'foodtruck', extra: Record<string, unknown> = {}) {
  const username = `${role}-${++sequence}`;
  const user =
    role === 'foodtruck'
      ? await createTruck(running.database.db, { username, password: 'secret1', ...extra })
      : await createUser(running.database.db, { username, password: 'secret1', role });
  await running.database.db.insert(tourProgress).values({ userId: user.id, active: false, completed: true });
  return user;
}

type Item = { id: number; price: number };

/** A diner's checkout through the simulator with a card that authorizes. */
async function preOrder(eventId: number, name: string, lines: Array<[Item, number]>, markupBp: number) {
  const agent = new Agent(running.app);
  const res = await agent.post(`/api/events/${eventId}/create-payment-intent`, {
    items: lines.map(([item, quantity]) => ({
      menuItemId: item.id,
      quantity,
      unitPrice: computeUnitPrice(item.price, markupBp) / 100,
    })),
    customerName: name,
    customerEmail: `${name.toLowerCase()}@example.com`,
    amount: lines.reduce((sum, [item, q]) => sum + computeUnitPrice(item.price, markupBp) * q, 0),
    markupPercentage: markupBp / 100,
  });
  expect(res.statusCode).toBe(200);
  const { clientSecret, orderId } = res.json();
  await agent.post('/api/payments/simulator/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  await agent.post(`/api/events/${eventId}/orders/${orderId}/sync`);
  return orderId as number;
}

/** A booked event two days out with a $10 taco and a $4 horchata; Ana's and Ben's orders reach the goal and are charged. */
async function bookedEvent(title: string) {
  const organizer = await person('organizer');
  const truck = await person('foodtruck', { businessName: `Taco Loco ${sequence}`, minimumSales: 5000 });
  const taco = await createMenuItem(running.database.db, {
    foodTruckId: truck.id,
    name: 'Taco',
    price: 1000,
  });
  const horchata = await createMenuItem(running.database.db, {
    foodTruckId: truck.id,
    name: 'Horchata',
    price: 400,
  });
  const event = await createEvent(running.database.db, {
    title,
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 2,
    minimumSales: 5000,
    priceMarkupPercentage: 1000,
  });
  const ana = await preOrder(event.id, 'Ana', [[taco, 3]], 1000);
  const ben = await preOrder(
    event.id,
    'Ben',
    [
      [taco, 2],
      [horchata, 1],
    ],
    1000,
  );
  await running.app.ctx.reconciler.runOnce();
  await running.app.ctx.reconciler.runOnce();
  const codeOf = async (id: number) => {
    const [row] = await running.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
    expect(row!.status).toBe('charged');
    return row!.pickupCode!;
  };
  return { organizer, truck, event, taco, horchata, ana: await codeOf(ana), ben: await codeOf(ben) };
}

async function signIn(context: BrowserContext, username: string): Promise<void> {
  const response = await context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'secret1' },
  });
  expect(response.status()).toBe(200);
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

const orderItem = (page: Page, code: string) =>
  page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: code });

describe("a truck's working day", () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`sees its bookings and prep list, then hands orders over by pickup code (${label})`, async () => {
      const booked = await bookedEvent(`Spring Fair ${label}`);
      // Orders are handed over from 2 hours before the start: the day has come.
      clock.set(new Date(booked.event.startsAt.getTime() - 60 * 60 * 1000));
      const { page, context, errors } = await openPage(browser, running.url, viewport);

      // Scanning the QR code of Ana's receipt while signed out: sign in, and land on her order.
      await page.goto(`/bookings/${booked.event.id}/day?code=${booked.ana}`);
      await page.waitForURL('**/auth');
      await page.getByLabel('Username').fill(booked.truck.username);
      await page.getByLabel('Password').fill('secret1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`**/bookings/${booked.event.id}/day?code=${booked.ana}`);
      const search = page.getByLabel('Search by pickup code or name');
      expect(await search.inputValue()).toBe(booked.ana);
      await orderItem(page, booked.ana).getByText('Ana').waitFor();
      expect(
        await page
          .getByRole('list', { name: 'Orders' })
          .getByRole('listitem')
          .filter({ hasText: 'Ben' })
          .count(),
      ).toBe(0);

      // The bookings list: status, progress, order count and the prep list.
      await page.getByRole('link', { name: 'My Bookings' }).first().click();
      await page.waitForURL('**/bookings');
      const card = page.getByRole('article', { name: booked.event.title });
      await card.getByText('Confirmed').waitFor();
      await card.getByText('2 orders').waitFor();
      expect(
        await card.getByRole('progressbar', { name: 'Funding progress' }).getAttribute('aria-valuenow'),
      ).toBe('100');
      const prep = card.getByRole('region', { name: 'Prep list' });
      expect(await prep.locator('tbody tr').allInnerTexts()).toEqual(['Horchata\t× 1', 'Taco\t× 5']);
      const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      const csv = await (await context.request.get(`${running.url}${csvHref}`)).text();
      expect(csv).toContain(`"${booked.event.title}",`);
      expect(csv).toMatch(/,"Taco",5,"USD"\r\n/);
      await expectNoOverflow(page);

      // The event day: search by a code typed loosely, mark ready, then collected.
      await card.getByRole('link', { name: `Event day: ${booked.event.title}` }).click();
      await page.waitForURL(`**/bookings/${booked.event.id}/day`);
      await page.getByText('2 orders · 0 collected').waitFor();
      await search.fill(`${booked.ben.slice(0, 3).toLowerCase()}-${booked.ben.slice(3).toLowerCase()}`);
      const ben = orderItem(page, booked.ben);
      await ben.getByText('2 × Taco').waitFor();
      expect(
        await page
          .getByRole('list', { name: 'Orders' })
          .getByRole('listitem')
          .filter({ hasText: 'Ana' })
          .count(),
      ).toBe(0);
      await ben.getByRole('button', { name: `Mark ${booked.ben} ready` }).click();
      await waitForToast(page, `${booked.ben}: the diner has been told by e-mail.`);
      await ben.getByText('Ready for pickup').waitFor();
      const mail = await running.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'order-ready'), eq(outbox.recipient, 'ben@example.com')));
      expect(mail.some((m) => m.textBody.includes(booked.ben))).toBe(true);
      await ben.getByRole('button', { name: `Mark ${booked.ben} collected` }).click();
      await page
        .getByRole('alertdialog', { name: `Mark ${booked.ben} collected?` })
        .getByRole('button', { name: 'Collected' })
        .click();
      await ben.getByText('Collected', { exact: true }).waitFor();
      await page.getByText('2 orders · 1 collected').waitFor();
      expect(await ben.getByRole('button', { name: `Mark ${booked.ben} collected` }).count()).toBe(0);
      await ben.getByRole('button', { name: `Undo collected for ${booked.ben}` }).waitFor();

      await search.fill('Nobody');
      await page.getByText('No order matches “Nobody”.').waitFor();
      await search.fill('ana');
      await orderItem(page, booked.ana)
        .getByRole('button', { name: `Mark ${booked.ana} collected` })
        .click();
      await page
        .getByRole('alertdialog', { name: `Mark ${booked.ana} collected?` })
        .getByRole('button', { name: 'Collected' })
        .click();
      await page.getByText('2 orders · 2 collected').waitFor();
      await expectNoOverflow(page);
      expect(errors).toEqual([]);
      await context.close();
      clock.set(new Date());
    });
  }

  it('lets a truck switch a menu item off and edit its price on its profile', async () => {
    const truck = await person('foodtruck', { businessName: 'Menu Truck', minimumSales: 5000 });
    await createMenuItem(running.database.db, { foodTruckId: truck.id, name: 'Churro', price: 300 });
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await signIn(context, truck.username);
    await page.goto('/profile');
    const menu = page.getByRole('region', { name: 'Menu Items' });
    await menu.getByRole('switch', { name: 'Churro on the menu' }).click();
    await waitForToast(page, 'Churro is switched off: diners no longer see it.');
    await menu.getByText('Switched off').waitFor();
    const publicMenu = await (await context.request.get(`${running.url}/api/menu-items/${truck.id}`)).json();
    expect(publicMenu).toEqual([]);

    await menu.getByRole('button', { name: 'Edit Churro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Churro' });
    await dialog.getByLabel('Price ($)').fill('3.75');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Menu item updated.');
    await menu.getByText('$3.75').waitFor();
    await menu.getByRole('switch', { name: 'Churro on the menu' }).click();
    await menu.getByText('Switched off').waitFor({ state: 'detached' });
    await expectNoOverflow(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("an organizer's event and its orders", () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`creates an event with a menu and a goal the truck accepts, then reads who ordered what (${label})`, async () => {
      const booked = await bookedEvent(`Book Fair ${label}`);
      const { page, context, errors } = await openPage(browser, running.url, viewport);
      await signIn(context, booked.organizer.username);

      // The form says at once that the goal is below the truck's minimum.
      await page.goto('/events/create');
      await chooseTruck(page, booked.truck.businessName!);
      const goal = page.getByLabel('Sales Goal ($)');
      expect(await goal.inputValue()).toBe('50.00');
      await goal.fill('0.60');
      const message = `The sales goal must be at least $50.00, ${booked.truck.businessName}'s minimum sales`;
      await page.getByText(message).waitFor();
      expect(await page.getByRole('button', { name: 'Create Event' }).isDisabled()).toBe(true);
      await goal.fill('80');
      await page.getByText(message).waitFor({ state: 'detached' });

      const picker = page.getByRole('group', { name: 'Menu for this event' });
      await picker.getByLabel('Horchata').uncheck();
      await page.getByLabel('Event Title').fill(`Taco Night ${label}`);
      const day = new Date(clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('Date').fill(day);
      await page.getByLabel('Start Time').fill('17:00');
      await page.getByLabel('End Time').fill('20:00');
      await page.getByLabel('Expected Number of Diners').fill('40');
      await page.getByLabel('Location', { exact: true }).fill('Community Hall');
      await expectNoOverflow(page);
      await page.getByRole('button', { name: 'Create Event' }).click();
      await waitForToast(page, 'Event request sent to food truck for approval');
      await page.waitForURL(/\/my-events\/\d+$/);
      await page.getByRole('heading', { name: `Taco Night ${label}` }).waitFor();
      await page.getByText('Waiting for the food truck').waitFor();
      await page.getByText('No orders yet. Share the event to get the first.').waitFor();
      const created = Number(new URL(page.url()).pathname.split('/').pop());
      const offered = await (await context.request.get(`${running.url}/api/events/${created}`)).json();
      expect(offered).toMatchObject({ minimumSales: '80.00', menuItemIds: [booked.taco.id] });

      // The booked event: totals and every order with its code.
      await page.getByRole('link', { name: 'Back to My Events' }).click();
      await page.waitForURL('**/my-events');
      await page
        .getByRole('article', { name: booked.event.title })
        .getByRole('link', { name: `Orders and totals: ${booked.event.title}` })
        .click();
      await page.getByRole('heading', { name: booked.event.title }).waitFor();
      const totals = page.locator('dl');
      // 5 tacos and a horchata at menu prices; 10% markup on each.
      await totals.getByText('$54.00').waitFor();
      await totals.getByText('$5.40').waitFor();
      const rows = page.getByRole('row');
      await rows.filter({ hasText: 'Ana' }).getByText(booked.ana).waitFor();
      await rows.filter({ hasText: 'Ana' }).getByText('3 × Taco').waitFor();
      await rows.filter({ hasText: 'Ben' }).getByText('2 × Taco, 1 × Horchata').waitFor();
      await rows.filter({ hasText: 'Ben' }).getByText('Paid', { exact: true }).waitFor();
      const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      const csv = await (await context.request.get(`${running.url}${csvHref}`)).text();
      expect(csv).toContain(`"${booked.ana}","Ana","3 × Taco","charged"`);
      await expectNoOverflow(page);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
