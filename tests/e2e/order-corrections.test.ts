import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import { events, orderRefunds, pendingOrders, tourProgress } from '../../src/server/db/schema';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent, createClock } from '../support/test-app';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

/** "One tap, no way back" no more: the confirmations and the truck's refund, on a 375 px phone. */
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
async function person(role: 'organizer' | 'foodtruck', extra: Record<string, unknown> = {}) {
  const username = `corr-${role}-${++sequence}`;
  const user =
    role === 'foodtruck'
      ? await createTruck(running.database.db, { username, password: 'secret1', ...extra })
      : await createUser(running.database.db, { username, password: 'secret1', role });
  await running.database.db.insert(tourProgress).values({ userId: user.id, active: false, completed: true });
  return user;
}

async function eventWithTaco(minimumSales: number) {
  const organizer = await person('organizer');
  const truck = await person('foodtruck', { businessName: `Fix Truck ${sequence}`, minimumSales });
  const taco = await createMenuItem(running.database.db, {
    foodTruckId: truck.id,
    name: 'Taco',
    price: 1000,
  });
  const event = await createEvent(running.database.db, {
    organizerId: organizer.id,
    foodTruckId: truck.id,
    now: clock.now(),
    daysAhead: 2,
    minimumSales,
    priceMarkupPercentage: 1000,
  });
  return { organizer, truck, taco, event };
}

/** A checkout with a card that authorizes, from `agent`'s session (the diner's browser or not). */
async function preOrder(
  post: (url: string, data: unknown, headers?: Record<string, string>) => Promise<unknown>,
  eventId: number,
  taco: { id: number; price: number },
  quantity: number,
  name: string,
) {
  const unit = computeUnitPrice(taco.price, 1000);
  const created = (await post(
    `/api/events/${eventId}/create-payment-intent`,
    {
      items: [{ menuItemId: taco.id, quantity, unitPrice: unit / 100 }],
      customerName: name,
      customerEmail: `${name.toLowerCase()}@example.com`,
      amount: unit * quantity,
      markupPercentage: 10,
    },
    { 'idempotency-key': `e2e-${eventId}-${name}` },
  )) as { clientSecret: string; orderId: number };
  await post('/api/payments/simulator/confirm', {
    clientSecret: created.clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  await post(`/api/events/${eventId}/orders/${created.orderId}/sync`, {});
  return created.orderId;
}

const agentPost =
  (agent: Agent) =>
  async (url: string, data: unknown, headers: Record<string, string> = {}) =>
    (await agent.post(url, data, headers)).json();

const browserPost =
  (context: BrowserContext) =>
  async (url: string, data: unknown, headers: Record<string, string> = {}) =>
    (
      await context.request.post(`${running.url}${url}`, {
        data,
        headers: { origin: running.url, ...headers },
      })
    ).json();

async function orderRow(id: number) {
  const [row] = await running.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row!;
}

describe('confirmations at 375 px', () => {
  it('asks the diner before cancelling a pre-order, and can be dismissed', async () => {
    const { event, taco } = await eventWithTaco(50_000);
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto(`/events/public/${event.id}`);
    const orderId = await preOrder(browserPost(context), event.id, taco, 2, 'Dora');
    expect((await orderRow(orderId)).status).toBe('confirmed');
    await page.reload();

    const cancel = page.getByRole('button', { name: `Cancel order #${orderId}` });
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel order #${orderId}?` });
    await dialog.waitFor();
    await dialog.getByText('the hold on your card released; you are not charged').waitFor();
    // Focus is inside the dialog and stays there.
    for (let i = 0; i < 4; i++) {
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await orderRow(orderId)).status).toBe('confirmed');

    await cancel.click();
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await orderRow(orderId)).status).toBe('confirmed');

    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await waitForToast(page, /Your order was cancelled/);
    expect(['cancelling', 'cancelled']).toContain((await orderRow(orderId)).status);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks the truck before rejecting an event request, and Go back keeps it waiting', async () => {
    const organizer = await person('organizer');
    const truck = await person('foodtruck', { businessName: `Ask Truck ${sequence}`, minimumSales: 5000 });
    const event = await createEvent(running.database.db, {
      organizerId: organizer.id,
      foodTruckId: truck.id,
      now: clock.now(),
      daysAhead: 5,
      status: 'pending_approval',
      minimumSales: 5000,
    });
    const statusOf = async () =>
      (await running.database.db.select().from(events).where(eq(events.id, event.id)))[0]!.status;
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    const login = await context.request.post(`${running.url}/api/login`, {
      data: { username: truck.username, password: 'secret1' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/events/${event.id}/approve`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Reject “${event.title}”?` });
    await dialog.getByText('The organizer is told at once').waitFor();
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await statusOf()).toBe('pending_approval');

    await page.getByRole('button', { name: 'Reject' }).click();
    // Open first: "detached" is also true of a dialog not drawn yet.
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await statusOf()).toBe('pending_approval');

    await page.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL('**/profile');
    expect(await statusOf()).toBe('rejected');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the truck refund part of a charged order with a reason, after confirming', async () => {
    const { truck, taco, event } = await eventWithTaco(2000);
    const orderId = await preOrder(agentPost(new Agent(running.app)), event.id, taco, 3, 'Eli');
    await running.app.ctx.reconciler.runOnce();
    await running.app.ctx.reconciler.runOnce();
    const order = await orderRow(orderId);
    expect(order.status).toBe('charged');
    clock.set(new Date(event.startsAt.getTime() + 60 * 60 * 1000));

    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    const login = await context.request.post(`${running.url}/api/login`, {
      data: { username: truck.username, password: 'secret1' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/bookings/${event.id}/day`);
    const card = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: 'Eli' });
    await card.getByRole('button', { name: `Refund ${order.pickupCode}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Refund ${order.pickupCode}?` });
    const amount = dialog.getByLabel('Amount to refund ($)');
    expect(await amount.inputValue()).toBe('34.50'); // 3 × $11.50, the whole order by default
    await amount.fill('11.50');
    await dialog.getByRole('button', { name: 'Refund $11.50' }).click();
    await dialog.getByText('Please give a reason').waitFor(); // nothing sent without one
    expect((await orderRow(orderId)).correctedAmount).toBe(0);
    await dialog.getByLabel('Reason (the diner reads it)').fill('One taco was missing');
    await dialog.getByRole('button', { name: 'Refund $11.50' }).click();
    await waitForToast(page, /\$11\.50 goes back to Eli's card/);
    await card.getByText('Refunded $11.50 of $34.50').waitFor();
    await card.getByText('$11.50: One taco was missing').waitFor();
    expect((await orderRow(orderId)).correctedAmount).toBe(1150);
    const rows = await running.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    expect(rows.map((r) => [r.amount, r.reason])).toEqual([[1150, 'One taco was missing']]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
    clock.set(new Date());
  });
});
