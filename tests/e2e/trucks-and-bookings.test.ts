import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMenuItem, createTruck, createUser } from '../../src/server/seed/factories';
import { createClock } from '../support/test-app';
import {
  chooseTruck,
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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG with a gradient, bigger than 800px on one side so the browser has to scale it. */
function makePng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width;
      raw[row + 2 + x * 3] = (y * 255) / height;
      raw[row + 3 + x * 3] = 120;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** YYYY-MM-DD some days after the server's clock. */
function daysAhead(days: number): string {
  return new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The truck that registers through the form: a password the registration rules accept. */
const ROCKET_PASSWORD = 'Rocket-Tortillas-42';

async function signIn(context: BrowserContext, username: string, password = 'secret1'): Promise<void> {
  const response = await context.request.post(`${running.url}/api/login`, { data: { username, password } });
  expect(response.status()).toBe(200);
}

async function requestEvent(
  page: Page,
  request: {
    title: string;
    truck: string;
    date: string;
    start: string;
    end: string;
    diners: string;
    location: string;
    markup?: string;
  },
): Promise<void> {
  await page.goto('/events/create');
  await chooseTruck(page, request.truck);
  await page.getByLabel('Event Title').fill(request.title);
  await page.getByLabel('Date').fill(request.date);
  await page.getByLabel('Start Time').fill(request.start);
  await page.getByLabel('End Time').fill(request.end);
  await page.getByLabel('Expected Number of Diners').fill(request.diners);
  await page.getByLabel('Location').fill(request.location);
  if (request.markup) await page.getByLabel('Price Markup Percentage').fill(request.markup);
  await page.getByRole('button', { name: 'Create Event' }).click();
  await waitForToast(page, 'Event request sent to food truck for approval');
  // The organizer lands on the new event in My Events.
  await page.waitForURL(/\/my-events\/\d+$/);
}

const pendingItem = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Pending Event Approvals' })
    .getByRole('listitem')
    .filter({ hasText: title });

const myEventCard = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('create-event form on a phone', () => {
  it('waits for a truck, validates with the documented messages and fits 375px', async () => {
    await createUser(running.database.db, {
      username: 'phone-organizer',
      password: 'secret1',
      role: 'organizer',
    });
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await signIn(context, 'phone-organizer');

    // No truck has registered yet.
    await page.goto('/events/create');
    // A new organizer is offered the onboarding tour; on a phone its card covers the form, so skip it.
    await page
      .getByRole('dialog', { name: 'Welcome to Food Truck Fund!' })
      .getByRole('button', { name: 'Skip tour' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Approval Required' }).waitFor();
    await page.getByText('No food trucks available yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Event' }).isDisabled()).toBe(true);

    await page.goto('/my-events');
    await page.getByText('No events created yet.').waitFor();
    await page.getByRole('link', { name: 'Create Your First Event' }).click();
    await page.waitForURL('**/events/create');

    const curry = await createTruck(running.database.db, {
      username: 'phone-truck',
      businessName: 'Curbside Curry',
      cuisine: 'Indian',
      minimumSales: 62_550,
    });
    await createMenuItem(running.database.db, { foodTruckId: curry.id, name: 'Chana masala' });
    await createTruck(running.database.db, {
      username: 'nameless-truck',
      businessName: null,
      cuisine: null,
      minimumSales: null,
    });
    await page.reload();
    await page.getByLabel('Select Food Truck').waitFor();
    // The date defaults to today on this device; diners to 1; the markup to 0.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await page.getByLabel('Date').inputValue()).toBe(today);
    expect(await page.getByLabel('Expected Number of Diners').inputValue()).toBe('1');
    await page
      .getByText('Add a percentage markup to food truck prices. This can be used for fundraising purposes.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create Event' }).isDisabled()).toBe(true);

    // A truck without a name, a minimum or a menu has nothing to book yet: it is not offered (decision 156).
    const found = page.getByRole('list', { name: 'Food trucks found' });
    await found.getByText('Curbside Curry', { exact: true }).waitFor();
    expect(await found.getByText('nameless-truck').count()).toBe(0);
    await chooseTruck(page, 'Curbside Curry');
    const details = page.getByRole('region', { name: 'Selected food truck' });
    await details.getByText('Cuisine: Indian').waitFor();
    await details.getByText('Minimum Sales Requirement: $625.50').waitFor();

    await page.getByLabel('Expected Number of Diners').fill('0');
    await page.getByLabel('Price Markup Percentage').fill('150');
    await page.getByRole('button', { name: 'Create Event' }).click();
    for (const message of [
      'Title is required',
      'Start time is required',
      'End time is required',
      'Location is required',
      'Must have at least 1 diner',
      'Number must be less than or equal to 100',
    ]) {
      await page.getByText(message).waitFor();
    }
    // Errors clear as the person corrects the field (re-validation on change).
    await page.getByLabel('Event Title').fill('Phone Picnic');
    await page.getByText('Title is required').waitFor({ state: 'detached' });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    const submitBox = await page.getByRole('button', { name: 'Create Event' }).boundingBox();
    expect(submitBox!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.locator('[data-tour="create-event"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends trucks and admins away from the organizer screens', async () => {
    await createUser(running.database.db, { username: 'phone-admin', password: 'secret1', role: 'admin' });
    for (const [username, password, landing] of [
      ['phone-truck', 'password123', '/profile'],
      ['phone-admin', 'secret1', '/events/public'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, running.url, PHONE);
      await signIn(context, username, password);
      for (const path of ['/events/create', '/my-events']) {
        await page.goto(path);
        await page.waitForURL(`**${landing}`);
      }
      expect(await page.getByLabel('Event Title').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('gives an admin an account overview on /profile', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await signIn(context, 'phone-admin');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Account Overview' }).waitFor();
    await page.getByText('Administrator').waitFor();
    await page.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Food Truck Profile' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a truck, its menu and the requests it answers', () => {
  it('registers, fills the profile with a photo and builds a menu', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill('rocket-tacos');
    await page.getByLabel('Password', { exact: true }).fill(ROCKET_PASSWORD);
    await page.getByLabel('Confirm Password').fill(ROCKET_PASSWORD);
    await page.getByLabel('Account Type').selectOption('foodtruck');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Food Truck Profile' }).waitFor();
    await page.getByText('No pending events to approve').waitFor();
    await page.getByText('No menu items yet. Add some above!').waitFor();
    await page.getByText('This is the minimum amount you require for an event booking').waitFor();

    // The product's messages on submit.
    await page.getByLabel('Contact Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Business name is required').waitFor();
    await page.getByText('Invalid email address').waitFor();

    // A file over 5MB is refused before anything is sent.
    await page.getByLabel('Profile Image').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await waitForToast(page, 'Image size should be less than 5MB');
    expect(await page.getByRole('img', { name: 'Profile image preview' }).count()).toBe(0);

    // A 1200×600 PNG is scaled to 800×400 and re-encoded as JPEG in the browser.
    await page
      .getByLabel('Profile Image')
      .setInputFiles({ name: 'truck.png', mimeType: 'image/png', buffer: makePng(1200, 600) });
    const preview = page.getByRole('img', { name: 'Profile image preview' });
    await preview.waitFor();
    const picked = await preview.evaluate((img: HTMLImageElement) => ({
      src: img.src.slice(0, 23),
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(picked).toEqual({ src: 'data:image/jpeg;base64,', width: 800, height: 400 });

    await page.getByLabel('Business Name').fill('Rocket Tacos');
    await page.getByLabel('Description', { exact: true }).fill('Tacos that land fast.');
    await page.getByLabel('Cuisine').fill('Mexican');
    await page.getByLabel('Minimum Sales').fill('750');
    await page.getByLabel('Location').fill('Portland, OR');
    await page.getByLabel('Contact Email').fill('crew@rockettacos.example');
    // Reset links go to the address: adding one asks for the password (decision 211).
    await page.getByLabel('Current password').fill(ROCKET_PASSWORD);
    await page.getByLabel('Phone').fill('555-0100');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await waitForToast(page, 'Profile updated successfully');
    await page.getByRole('heading', { name: 'Rocket Tacos' }).waitFor();

    // What was saved comes back after a reload, picture included: from its own URL now, the
    // 96-pixel preview drawn from the 320-pixel WebP copy rather than the whole picture.
    await page.reload();
    const saved = page.getByRole('img', { name: 'Profile image preview' });
    await saved.waitFor();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await saved.elementHandle(),
    );
    expect(await saved.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/api\/images\/[0-9a-f]{64}-320\.webp$/,
    );
    expect(await page.getByLabel('Minimum Sales').inputValue()).toBe('750.00');
    expect(await page.getByLabel('Cuisine').inputValue()).toBe('Mexican');

    // The menu.
    const addForm = page.getByRole('region', { name: 'Add Menu Item' });
    expect(await addForm.getByLabel('Category').inputValue()).toBe('Entree');
    expect(await addForm.getByLabel('Category').locator('option').allTextContents()).toEqual([
      'Appetizer',
      'Entree',
      'Side',
      'Dessert',
      'Drink',
      'Special Items',
      'Combo',
    ]);
    await addForm.getByRole('button', { name: 'Add Menu Item' }).click();
    await addForm.getByText('Item name is required').waitFor();
    await addForm.getByText('Price is required').waitFor();

    await addForm.getByLabel('Item Name').fill('Al Pastor Taco');
    await addForm.getByLabel('Item Description').fill('Pineapple, onion, cilantro');
    await addForm.getByLabel('Price ($)').fill('4.50');
    await addForm.getByRole('button', { name: 'Add Menu Item' }).click();
    await waitForToast(page, 'Menu item added successfully.');
    const menu = page.getByRole('region', { name: 'Menu Items' });
    await menu.getByText('Al Pastor Taco').waitFor();
    await menu.getByText('$4.50').waitFor();
    // The form is empty again for the next item.
    expect(await addForm.getByLabel('Item Name').inputValue()).toBe('');

    await addForm.getByLabel('Item Name').fill('Churros');
    await addForm.getByLabel('Category').selectOption('Dessert');
    await addForm.getByLabel('Price ($)').fill('3.25');
    await addForm
      .getByLabel('Item Image (optional)')
      .setInputFiles({ name: 'churros.png', mimeType: 'image/png', buffer: makePng(300, 900) });
    await addForm.getByRole('img', { name: 'Menu item image preview' }).waitFor();
    await addForm.getByRole('button', { name: 'Add Menu Item' }).click();
    await waitForToast(page, 'Menu item added successfully.');
    await menu.getByText('Churros').waitFor();
    expect(await addForm.getByRole('img', { name: 'Menu item image preview' }).count()).toBe(0);

    await menu.getByRole('button', { name: 'Delete Churros' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete “Churros”?' }).waitFor();
    await confirm.getByText('Are you sure you want to delete this menu item?').waitFor();
    await confirm.getByRole('button', { name: 'Delete Churros' }).click();
    await waitForToast(page, 'Menu item deleted successfully.');
    await menu.getByText('Churros').waitFor({ state: 'detached' });
    await menu.getByText('Al Pastor Taco').waitFor();

    // The menu is what the public sees.
    const publicMenu = await context.request.get(`${running.url}/api/menu-items/${await userId(context)}`);
    expect((await publicMenu.json()).map((item: { name: string }) => item.name)).toEqual(['Al Pastor Taco']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes requests from an organizer, approves two, rejects one and lets one expire', async () => {
    await createUser(running.database.db, {
      username: 'fair-organizer',
      password: 'secret1',
      role: 'organizer',
    });
    const organizer = await openPage(browser, running.url);
    await signIn(organizer.context, 'fair-organizer');
    const date = daysAhead(10);
    const base = {
      truck: 'Rocket Tacos',
      date,
      start: '11:00',
      end: '14:00',
      location: 'Laurelhurst Park, Portland',
    };

    // The organizer sees the truck's details and its minimum prefilled.
    await organizer.page.goto('/events/create');
    await chooseTruck(organizer.page, 'Rocket Tacos');
    const details = organizer.page.getByRole('region', { name: 'Selected food truck' });
    await details.getByText('Cuisine: Mexican').waitFor();
    await details.getByText('Minimum Sales Requirement: $750.00').waitFor();

    await requestEvent(organizer.page, { ...base, title: 'Spring Fair', diners: '80', markup: '10' });
    // Another date: a truck accepts one event per date (decision 170).
    await requestEvent(organizer.page, {
      ...base,
      date: daysAhead(11),
      title: 'Book Club Lunch',
      diners: '25',
    });
    await requestEvent(organizer.page, { ...base, title: 'Chess Night', diners: '12' });
    await requestEvent(organizer.page, { ...base, title: 'Late Market', diners: '40' });
    // Nothing is public before the truck answers.
    await organizer.page.goto('/events/public');
    await organizer.page.getByText('No events found.').waitFor();

    await organizer.page.goto('/my-events');
    await myEventCard(organizer.page, 'Spring Fair').getByText('Pending approval', { exact: true }).waitFor();
    expect(await organizer.page.getByRole('article').count()).toBe(4);

    const truck = await openPage(browser, running.url);
    await signIn(truck.context, 'rocket-tacos', ROCKET_PASSWORD);
    await truck.page.goto('/profile');
    for (const title of ['Spring Fair', 'Book Club Lunch', 'Chess Night', 'Late Market'])
      await pendingItem(truck.page, title).waitFor();
    await pendingItem(truck.page, 'Spring Fair').getByText('10.00%').waitFor();

    // 1. Approve from the profile's dialog, with a goal of its own.
    await pendingItem(truck.page, 'Spring Fair').getByRole('button', { name: 'Approve' }).click();
    const dialog = truck.page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to approve this event?').waitFor();
    const goal = dialog.getByLabel('Minimum Sales Goal ($)');
    expect(await goal.inputValue()).toBe('750.00');
    await goal.fill('');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('Please set a minimum sales goal').waitFor();
    await goal.fill('900');
    await dialog.getByLabel('Response (optional)').fill('We will bring the big grill.');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(truck.page, 'Event approved successfully.');
    await pendingItem(truck.page, 'Spring Fair').waitFor({ state: 'detached' });

    // 2. Reject from the dialog.
    await pendingItem(truck.page, 'Chess Night').getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Are you sure you want to reject this event?').waitFor();
    await dialog.getByLabel('Response (optional)').fill('We are booked that night.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await waitForToast(truck.page, 'Event rejected successfully.');
    await pendingItem(truck.page, 'Chess Night').waitFor({ state: 'detached' });

    // 3. Approve from the request's own page.
    await pendingItem(truck.page, 'Book Club Lunch').getByRole('link', { name: 'Open request page' }).click();
    await truck.page.waitForURL(/\/events\/\d+\/approve$/);
    await truck.page.getByRole('heading', { name: 'Book Club Lunch' }).waitFor();
    await truck.page
      .getByRole('region', { name: 'Event summary' })
      .getByText('Laurelhurst Park, Portland')
      .waitFor();
    expect(await truck.page.getByLabel('Minimum Sales Goal ($)').inputValue()).toBe('750.00');
    await truck.page.getByLabel('Minimum Sales Goal ($)').fill('1200.50');
    await truck.page.getByLabel('Response (optional)').fill('See you there!');
    await truck.page.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(truck.page, 'Event response submitted successfully');
    await truck.page.waitForURL('**/profile');
    await pendingItem(truck.page, 'Late Market').waitFor();
    // The list refetches after the answer: wait for the approved request to leave it.
    await pendingItem(truck.page, 'Book Club Lunch').waitFor({ state: 'detached' });
    expect(
      await truck.page.getByRole('region', { name: 'Pending Event Approvals' }).getByRole('listitem').count(),
    ).toBe(1);

    // 4. The last one is left open on its page while 24 hours pass.
    await pendingItem(truck.page, 'Late Market').getByRole('link', { name: 'Open request page' }).click();
    await truck.page.waitForURL(/\/events\/\d+\/approve$/);
    await truck.page.getByRole('heading', { name: 'Late Market' }).waitFor();
    clock.advance(24 * 60 * 60 * 1000 + 60_000);
    await running.app.ctx.reconciler.runOnce();
    // Either the truck answers too late and the server refuses, or the page has already refetched the
    // event (on focus) and says so at once; both end on the same notice.
    const answered = await truck.page
      .getByRole('button', { name: 'Approve' })
      .click({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (answered) await waitForToast(truck.page, 'This request has expired: it was not answered in time');
    await truck.page.getByText('This request is no longer waiting for an answer').waitFor();
    await truck.page.goto('/profile');
    await truck.page.getByText('No pending events to approve').waitFor();

    // The approved two are public, soonest first, with their goals; the rest are not.
    const visitor = await openPage(browser, running.url);
    await visitor.page.goto('/events/public');
    await visitor.page.getByText('2 upcoming events').waitFor();
    const list = visitor.page.locator('[data-tour="events-list"]');
    await list.getByRole('heading', { name: 'Spring Fair' }).waitFor();
    await list.getByRole('heading', { name: 'Book Club Lunch' }).waitFor();
    await list.getByText('$0.00 of $900.00 goal').waitFor();
    await list.getByText('$0.00 of $1,200.50 goal').waitFor();
    expect(await list.getByText('Chess Night').count()).toBe(0);
    expect(await list.getByText('Late Market').count()).toBe(0);
    const detailLinks = list.getByRole('link', { name: /View Event Details/ });
    expect(await detailLinks.count()).toBe(2);
    expect(await detailLinks.first().getAttribute('href')).toMatch(/^\/events\/public\/\d+$/);

    // The embed: no navbar, framable, links open the public page in a new tab.
    const embedResponse = await visitor.page.goto('/embed');
    expect(embedResponse!.headers()['x-frame-options']).toBeUndefined();
    await visitor.page.getByRole('heading', { name: 'Upcoming Food Truck Events' }).waitFor();
    expect(await visitor.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const fair = visitor.page.getByRole('listitem').filter({ hasText: 'Spring Fair' });
    await fair.getByText('Rocket Tacos').waitFor();
    await fair.getByText('Mexican').waitFor();
    await fair.getByText('80', { exact: true }).waitFor();
    await fair.getByText('Laurelhurst Park, Portland').waitFor();
    const embedLink = fair.getByRole('link', { name: /View event: Spring Fair/ });
    expect(await embedLink.getAttribute('target')).toBe('_blank');
    expect(await embedLink.getAttribute('rel')).toContain('noopener');
    expect(await embedLink.getAttribute('href')).toMatch(/^\/events\/public\/\d+$/);
    await visitor.page.goto('/embed-standalone');
    await visitor.page.getByRole('listitem').filter({ hasText: 'Book Club Lunch' }).waitFor();

    // The organizer sees every answer and why the last one was cancelled.
    await organizer.page.goto('/my-events');
    const spring = myEventCard(organizer.page, 'Spring Fair');
    await spring.getByText('Approved', { exact: true }).waitFor();
    await spring.getByText('$900.00').waitFor();
    await spring.getByText('We will bring the big grill.').waitFor();
    const bookClub = myEventCard(organizer.page, 'Book Club Lunch');
    await bookClub.getByText('$1,200.50').waitFor();
    await bookClub.getByText('See you there!').waitFor();
    const chess = myEventCard(organizer.page, 'Chess Night');
    await chess.getByText('Rejected', { exact: true }).waitFor();
    await chess.getByText('We are booked that night.').waitFor();
    expect(await chess.getByRole('button', { name: 'Call off event' }).count()).toBe(0);
    const late = myEventCard(organizer.page, 'Late Market');
    await late.getByText('Cancelled', { exact: true }).waitFor();
    await late.getByText('The food truck did not answer in time, so the request expired.').waitFor();
    expect(await spring.getByRole('link', { name: 'View Event' }).getAttribute('href')).toMatch(
      /^\/events\/public\/\d+$/,
    );

    // An approved event without orders can still be called off by its organizer.
    await spring.getByRole('button', { name: 'Call off event' }).click();
    const confirm = organizer.page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Call off event' }).click();
    await waitForToast(organizer.page, 'Event cancelled.');
    await spring.getByText('The organizer cancelled this event.').waitFor();
    await visitor.page.goto('/events/public');
    await visitor.page.getByText('1 upcoming event').waitFor();

    for (const p of [organizer, truck, visitor]) expect(p.errors).toEqual([]);
    for (const p of [organizer, truck, visitor]) await p.context.close();
  });

  it('fits the truck profile, My Events and the public list on a phone', async () => {
    const checks: Array<[string | null, string, string]> = [
      ['rocket-tacos', '/profile', 'Food Truck Profile'],
      ['fair-organizer', '/my-events', 'My Events'],
      [null, '/events/public', 'Public Events'],
    ];
    for (const [username, path, heading] of checks) {
      const { page, context, errors } = await openPage(browser, running.url, PHONE);
      if (username)
        await signIn(context, username, username === 'rocket-tacos' ? ROCKET_PASSWORD : undefined);
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByRole('status', { name: /Loading/ }).waitFor({ state: 'detached' });
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/${path.replaceAll('/', '_')}.png`,
          fullPage: true,
        });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, path).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('lets the organizer give an event a cover picture, change it and remove it', async () => {
    await createUser(running.database.db, {
      username: 'cover-organizer',
      password: 'secret1',
      role: 'organizer',
    });
    const { page, context, errors } = await openPage(browser, running.url);
    await signIn(context, 'cover-organizer');
    await page.goto('/events/create');
    await chooseTruck(page, 'Rocket Tacos');
    await page.getByLabel('Event Title').fill('Cover Night');
    await page.getByLabel('Date').fill(daysAhead(12));
    await page.getByLabel('Start Time').fill('17:00');
    await page.getByLabel('End Time').fill('20:00');
    await page.getByLabel('Location').fill('Laurelhurst Park, Portland');
    await page
      .getByLabel('Cover Picture (optional)')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: makePng(1000, 500) });
    await page.getByRole('img', { name: 'Cover picture preview' }).waitFor();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await waitForToast(page, 'Event request sent to food truck for approval');
    await page.waitForURL(/\/my-events\/\d+$/);

    // On the organizer's event page the cover comes from its own URL.
    const cover = page.getByRole('img', { name: 'Event cover picture' });
    await cover.waitFor();
    const first = await cover.getAttribute('src');
    expect(first).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);

    await page.getByLabel('Cover Picture', { exact: true }).setInputFiles({
      name: 'other.png',
      mimeType: 'image/png',
      buffer: makePng(600, 900),
    });
    await waitForToast(page, 'Cover picture saved.');
    await page.waitForFunction((before) => {
      const img = document.querySelector('img[alt="Event cover picture"]');
      return img?.getAttribute('src')?.startsWith('/api/images/') && img.getAttribute('src') !== before;
    }, first);

    await page.getByRole('button', { name: 'Remove cover picture' }).click();
    await waitForToast(page, 'Cover picture removed.');
    expect(await cover.count()).toBe(0);
    await page.reload();
    await page.getByLabel('Cover Picture', { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: 'Event cover picture' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Event Not Found for a request that does not exist', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await signIn(context, 'rocket-tacos', ROCKET_PASSWORD);
    await page.goto('/events/999999/approve');
    await page.getByRole('heading', { name: 'Event Not Found' }).waitFor();
    await page.getByText('This event may have expired or been removed.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function userId(context: BrowserContext): Promise<number> {
  const response = await context.request.get(`${running.url}/api/user`);
  return ((await response.json()) as { id: number }).id;
}
