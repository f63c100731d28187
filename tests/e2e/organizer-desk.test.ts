import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeUnitPrice } from '../../src/core/pricing';
import { tourProgress } from '../../src/server/db/schema';
import { pickupScanUrl } from '../../src/server/bookings/pickup-qr';
import { createEvent, createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { Agent } from '../support/test-app';
import {
  CHROMIUM_PATH,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

/**
 * The screens people use every day (decisions 154 to 159): the organizer's dashboard and profile, the
 * truck's event day with live orders and a scanned receipt, and support's monitor with the guest's
 * context; at 375 px and 1280 px.
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

let sequence = 0;
async function person(role: 'organizer' | 'foodtruck' | 'admin', extra: Record<string, unknown> = {}) {
  const username = `desk-${role}-${++sequence}`;
  const user =
    role === 'foodtruck'
      ? await createTruck(running.database.db, { username, password: 'secret1', ...extra })
      : await createUser(running.database.db, { username, password: 'secret1', role, ...extra });
  await running.database.db.insert(tourProgress).values({ userId: user.id, active: false, completed: true });
  return user;
}

async function signIn(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForToast(page, 'Logged in successfully');
}

/** An approved event with a $10 taco and a 10% markup, and the truck that runs it. */
async function bookedEvent(organizerId: number, title: string) {
  const truck = await person('foodtruck', { businessName: `Desk Tacos ${sequence}` });
  const taco = await createMenuItem(running.database.db, {
    foodTruckId: truck.id,
    name: 'Taco',
    price: 1000,
  });
  const event = await createEvent(running.database.db, {
    organizerId,
    foodTruckId: truck.id,
    title,
    now: running.app.ctx.now(),
    daysAhead: 0,
    startTime: '23:00',
    endTime: '23:59',
    minimumSales: 50_000,
    priceMarkupPercentage: 1000,
  });
  return { truck, taco, event };
}

/** A diner's held order, placed as the event page does (a session of its own unless one is given). */
async function preOrder(
  eventId: number,
  tacoId: number,
  name: string,
  post: (
    url: string,
    body: unknown,
  ) => Promise<{ status: number; json: () => Promise<unknown> }> = agentPost(),
) {
  const unit = computeUnitPrice(1000, 1000);
  const created = await post(`/api/events/${eventId}/create-payment-intent`, {
    items: [{ menuItemId: tacoId, quantity: 2, unitPrice: unit / 100 }],
    customerName: name,
    customerEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    amount: unit * 2,
    markupPercentage: 10,
  });
  expect(created.status).toBe(200);
  const { clientSecret, orderId } = (await created.json()) as { clientSecret: string; orderId: number };
  await post('/api/payments/simulator/confirm', {
    clientSecret,
    cardNumber: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
  });
  await post(`/api/events/${eventId}/orders/${orderId}/sync`, {});
  return orderId;
}

function agentPost() {
  const agent = new Agent(running.app, `10.66.0.${++sequence}`);
  return async (url: string, body: unknown) => {
    const res = await agent.post(url, body as Record<string, unknown>);
    return { status: res.statusCode, json: async () => res.json() as unknown };
  };
}

/** The browser's own session posting, as its page's script would. */
function pagePost(page: Page) {
  let key = 0;
  return async (url: string, body: unknown) => {
    const res = await page.request.post(url, {
      data: body,
      headers: { Origin: running.url, 'Idempotency-Key': `desk-${Date.now()}-${++key}` },
    });
    return { status: res.status(), json: () => res.json() as Promise<unknown> };
  };
}

async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe("the organizer's desk", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows money raised, each event's progress and what needs attention, and saves the contact e-mail and mail wanted (${viewport.width} px)`, async () => {
      const organizer = await person('organizer', { contactEmail: null });
      const { truck, taco, event } = await bookedEvent(organizer.id, `Desk Fundraiser ${viewport.width}`);
      await createEvent(running.database.db, {
        organizerId: organizer.id,
        foodTruckId: truck.id,
        title: `Waiting Request ${viewport.width}`,
        status: 'pending_approval',
        now: running.app.ctx.now(),
      });
      await preOrder(event.id, taco.id, 'Dana Diner');

      const { page, context, errors } = await openPage(browser, running.url, viewport);
      await signIn(page, organizer.username);
      await page.getByRole('heading', { name: `Welcome, ${organizer.username}!` }).waitFor();
      const figures = page.getByRole('region', { name: 'Your figures' });
      await figures.getByText('Raised for your cause').waitFor();
      await figures.getByText('$2.00').waitFor();
      await figures.getByText('$20.00').waitFor();
      const ahead = page.getByRole('region', { name: 'Events ahead' });
      await ahead.getByRole('link', { name: `Desk Fundraiser ${viewport.width}` }).waitFor();
      await ahead.getByRole('progressbar', { name: 'Funding progress' }).waitFor();
      await ahead.getByText('$20.00 of $500.00 goal').waitFor();
      const attention = page.getByRole('region', { name: 'Needs your attention' });
      await attention.getByText('Waiting for the truck').waitFor();
      await attention.getByRole('link', { name: `Waiting Request ${viewport.width}` }).waitFor();
      await expectNoOverflow(page);

      // No e-mail yet: the dashboard says so and leads to the profile.
      await page.getByRole('link', { name: 'Add one on your profile' }).click();
      await page.getByRole('heading', { name: 'Contact and mail' }).waitFor();
      await page.getByLabel('Contact Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await page.getByText('Invalid email address').waitFor();
      await page.getByLabel('Contact Email').fill(`desk${viewport.width}@school.example`);
      // Reset links go to the address: adding one asks for the password (decision 211).
      await page.getByLabel('Current password').fill('secret1');
      await page.getByLabel('Payouts').uncheck();
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await waitForToast(page, 'Profile updated successfully');
      await expectNoOverflow(page);
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Contact Email').inputValue())
        .toBe(`desk${viewport.width}@school.example`);
      expect(await page.getByLabel('Payouts').isChecked()).toBe(false);
      expect(await page.getByLabel('Goals and call-offs').isChecked()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("the truck's event day", () => {
  it('shows a new order as it comes in, without a reload (375 px)', async () => {
    const organizer = await person('organizer');
    const { truck, taco, event } = await bookedEvent(organizer.id, 'Live Orders Night');
    await preOrder(event.id, taco.id, 'Ana First');
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await signIn(page, truck.username);
    await page.goto(`/bookings/${event.id}/day`);
    await page.getByText('1 order · 0 collected').waitFor();
    await page.getByText('Live: new orders appear as they come in').waitFor();

    await preOrder(event.id, taco.id, 'Ben Second');
    const orders = page.getByRole('list', { name: 'Orders' });
    await orders
      .getByRole('listitem')
      .filter({ hasText: 'Ben Second' })
      .getByText('New')
      .waitFor({ timeout: 15_000 });
    await page.getByText('2 orders · 0 collected · 1 new since you opened this screen').waitFor();
    await expectNoOverflow(page);

    // My Bookings is live as well.
    await page.goto('/bookings');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByText('Live Orders Night').waitFor();
    await page.getByText('Live: new orders appear as they come in').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("finds the order from the receipt's QR code through the camera (a fake camera showing the receipt's code, 1280 px and 375 px)", async () => {
    const organizer = await person('organizer');
    const { truck, taco, event } = await bookedEvent(organizer.id, 'Scan Night');
    await preOrder(event.id, taco.id, 'Cara Scanned');
    await preOrder(event.id, taco.id, 'Dev Other');
    const [cara] = await running.database.db.query.pendingOrders.findMany({
      where: (o, { eq }) => eq(o.customerName, 'Cara Scanned'),
    });
    const code = cara!.pickupCode!;

    // Chromium's fake camera plays a Y4M file: the receipt's QR code, as the receipt mail carries it.
    const qr = await QRCode.toBuffer(pickupScanUrl(running.url, event.id, code), { margin: 4, width: 480 });
    const { data, info } = await sharp(qr)
      .greyscale()
      .resize(480, 480)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const chroma = Buffer.alloc((info.width / 2) * (info.height / 2), 128);
    const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma, chroma]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'desk-camera-')), 'receipt.y4m');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`YUV4MPEG2 W${info.width} H${info.height} F10:1 Ip A1:1 C420jpeg\n`),
        frame,
        frame,
      ]),
    );
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${file}`,
      ],
    });
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        const { page, context, errors } = await openPage(cameraBrowser, running.url, viewport);
        await context.grantPermissions(['camera'], { origin: running.url });
        await signIn(page, truck.username);
        await page.goto(`/bookings/${event.id}/day`);
        await page.getByText('2 orders · 0 collected').waitFor();
        await page.getByRole('button', { name: 'Scan QR' }).click();
        const scanner = page.getByRole('dialog', { name: 'Scan a receipt' });
        await scanner.waitFor();
        await scanner.waitFor({ state: 'hidden', timeout: 20_000 }).catch(async (error: unknown) => {
          await page.screenshot({ path: '/tmp/desk-scan-fail.png' });
          const html = await scanner.innerHTML();
          throw new Error(`the scanner stayed open: ${html.slice(0, 1500)} ${errors.join(' | ')}`, {
            cause: error,
          });
        });
        expect(await page.getByLabel('Search by pickup code or name').inputValue()).toBe(code);
        const shown = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
        await expect.poll(() => shown.count()).toBe(1);
        await shown.getByText('Cara Scanned').waitFor();
        await expectNoOverflow(page);
        expect(errors).toEqual([]);
        await context.close();
      }
    } finally {
      await cameraBrowser.close();
    }
  });
});

describe("support's monitor", () => {
  it('names the guest from their checkout, says where they wrote from and links to their order (1280 px and 375 px)', async () => {
    const organizer = await person('organizer');
    const { taco, event } = await bookedEvent(organizer.id, 'Chat Context Fair');
    const guest = await openPage(browser, running.url, PHONE);
    await guest.page.goto(`/events/public/${event.id}`);
    await guest.page.getByRole('heading', { name: 'Chat Context Fair' }).waitFor();
    const orderId = await preOrder(event.id, taco.id, 'Gail Guest', pagePost(guest.page));
    await guest.page.getByRole('button', { name: 'Open support chat' }).click();
    const chat = guest.page.getByRole('dialog', { name: 'Support Chat' });
    await chat.getByRole('textbox', { name: 'Message' }).fill('Where do I pick up?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('Where do I pick up?').waitFor();

    const admin = await person('admin');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, errors } = await openPage(browser, running.url, viewport);
      await signIn(page, admin.username);
      await page.goto('/admin/chat');
      const conversation = page.getByRole('region', { name: /Gail Guest/ });
      await conversation.getByText('gail@example.com').waitFor();
      await conversation
        .first()
        .getByRole('link', { name: `/events/public/${event.id}` })
        .waitFor();
      await conversation.getByRole('link', { name: 'Chat Context Fair' }).waitFor();
      await expectNoOverflow(page);
      await conversation
        .first()
        .getByRole('link', { name: `Order #${orderId}` })
        .click();
      await page.getByRole('heading', { name: 'Chat Context Fair' }).waitFor();
      await page.getByText('Gail Guest').first().waitFor();
      await page.getByRole('link', { name: 'Back to Support Chat' }).waitFor();
      expect(await page.getByRole('link', { name: 'Edit Event' }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });
});
