import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../support/world';
import {
  chooseTruck,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  type RunningApp,
} from './support/harness';

/**
 * Every screen, as the role that sees it, at 375 px and 1280 px: axe-core finds no serious or
 * critical violation (WCAG 2.1 A and AA rules), and a full-page screenshot of each is written to
 * test-results/screens/<screen>-<width>.png for a person to look at.
 */

const SCREENS_DIR = path.resolve('test-results/screens');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Role = 'guest' | 'organizer' | 'truck' | 'admin';

interface Screen {
  name: string;
  role: Role;
  /**
   * A profile of its own, for a screen that leaves something behind in the browser (a cart, an order, an
   * open chat); the others share one profile per role and width, as a person moving through the app.
   */
  fresh?: boolean;
  /** Navigates and waits until the screen shows what it is for. */
  open(page: Page, world: World): Promise<void>;
}

let running: RunningApp;
let browser: Browser;
let world: World;

const heading = (page: Page, name: string | RegExp, level = 1) =>
  page.getByRole('heading', { level, name }).first().waitFor();

/**
 * The money page, once its loading statuses have gone (they may have gone before we look). Only the ones
 * saying "Loading": the page keeps other statuses, and waiting for those to go waited out the 30 s timeout.
 */
async function openPayouts(page: Page) {
  await page.goto('/payouts');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
}

/** A guest's checkout on the event page, up to the card form. */
async function startCheckout(page: Page, w: World) {
  await page.goto(`/events/public/${w.event.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByLabel('Your Name').fill('Dana Diner');
  await page.getByLabel('Email Address', { exact: true }).fill('dana@example.com');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Authorize/ }).click();
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    role: 'guest',
    open: async (page) => {
      await page.goto('/');
      await heading(page, 'Fundraising with Food Trucks');
    },
  },
  {
    name: 'login',
    role: 'guest',
    open: async (page) => {
      await page.goto('/auth');
      await page.getByLabel('Username').waitFor();
    },
  },
  {
    name: 'register',
    role: 'guest',
    open: async (page) => {
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Confirm Password').waitFor();
    },
  },
  {
    name: 'how-it-works',
    role: 'guest',
    open: async (page) => {
      await page.goto('/how-it-works');
      await heading(page, 'How It Works');
    },
  },
  {
    name: 'public-list',
    role: 'guest',
    open: async (page, w) => {
      await page.goto('/events/public');
      await page.getByText(w.event.title).first().waitFor();
    },
  },
  {
    name: 'truck-directory',
    role: 'guest',
    open: async (page) => {
      await page.goto('/trucks');
      await heading(page, 'Find a Food Truck');
      await page
        .getByRole('link', { name: /Request .* for an event/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'truck-page',
    role: 'organizer',
    open: async (page, w) => {
      await page.goto(`/trucks/${w.taco.foodTruckId}`);
      await page.getByRole('heading', { name: 'Menu' }).waitFor();
      await page.getByText(w.taco.name).first().waitFor();
    },
  },
  {
    name: 'event',
    role: 'guest',
    open: async (page, w) => {
      await page.goto(`/events/public/${w.event.id}`);
      await heading(page, w.event.title);
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
    },
  },
  {
    name: 'checkout',
    role: 'guest',
    fresh: true,
    open: async (page, w) => {
      await startCheckout(page, w);
      await page.getByLabel('Card number').waitFor();
    },
  },
  {
    name: 'checkout-declined',
    role: 'guest',
    fresh: true,
    open: async (page, w) => {
      await startCheckout(page, w);
      await payWithCard(page, '4000 0000 0000 0002');
      await page.getByRole('alert').getByText('Your card was declined.').first().waitFor();
    },
  },
  {
    name: 'order-receipt',
    role: 'guest',
    fresh: true,
    open: async (page, w) => {
      await startCheckout(page, w);
      await payWithCard(page, '4242 4242 4242 4242');
      // The confirmation page (decision 147): receipt, pickup code with its QR picture.
      await heading(page, 'Thanks, Dana Diner!');
      await page.getByRole('table', { name: /Your order/ }).waitFor();
    },
  },
  {
    name: 'chat-open',
    role: 'guest',
    fresh: true,
    open: async (page) => {
      await page.goto('/how-it-works');
      await page.getByRole('button', { name: /support chat/i }).click();
      await page.getByRole('dialog', { name: 'Support Chat' }).waitFor();
      await page.getByRole('textbox', { name: /message/i }).waitFor();
    },
  },
  {
    name: 'unsubscribe',
    role: 'guest',
    open: async (page, w) => {
      await page.goto(`/unsubscribe?token=${encodeURIComponent(w.unsubscribeToken)}`);
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
      await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    },
  },
  {
    name: 'confirm-reminder',
    role: 'guest',
    open: async (page) => {
      await page.goto('/reminders/confirm?token=1.abc');
      await page.getByRole('heading', { level: 1, name: 'Confirm your reminder' }).waitFor();
      await page.getByRole('button', { name: 'Confirm my reminder' }).waitFor();
    },
  },
  {
    name: 'not-found',
    role: 'guest',
    open: async (page) => {
      await page.goto('/no-such-page');
      await heading(page, 'Page Not Found');
    },
  },
  {
    name: 'forgot-password',
    role: 'guest',
    open: async (page) => {
      await page.goto('/forgot-password');
      await heading(page, 'Forgot your password?');
      await page.getByLabel('Username or e-mail address').waitFor();
    },
  },
  {
    name: 'reset-password',
    role: 'guest',
    open: async (page) => {
      await page.goto(`/reset-password#token=${'x'.repeat(43)}`);
      await heading(page, 'Choose a new password');
      await page.getByLabel('Confirm new password').waitFor();
    },
  },
  {
    name: 'verify-email-expired',
    role: 'guest',
    open: async (page) => {
      await page.goto(`/verify-email#token=${'x'.repeat(43)}`);
      await page
        .getByRole('alert')
        .getByText(/This confirmation link has expired/)
        .waitFor();
    },
  },
  {
    name: 'account',
    role: 'organizer',
    open: async (page) => {
      await page.goto('/account');
      await heading(page, 'Account');
      await page.getByRole('button', { name: 'Change password' }).waitFor();
    },
  },
  {
    name: 'organizer-home',
    role: 'organizer',
    open: async (page) => {
      await page.goto('/');
      await heading(page, /^Welcome/);
    },
  },
  {
    name: 'my-events',
    role: 'organizer',
    open: async (page, w) => {
      await page.goto('/my-events');
      await page.getByRole('article', { name: w.event.title }).first().waitFor();
    },
  },
  {
    name: 'create-event',
    role: 'organizer',
    open: async (page) => {
      await page.goto('/events/create');
      await page.getByLabel('Event Title').waitFor();
    },
  },
  {
    name: 'create-event-invalid',
    role: 'organizer',
    open: async (page, w) => {
      await page.goto('/events/create');
      await chooseTruck(page, w.users.truckA.businessName!);
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByRole('alert').first().waitFor();
    },
  },
  {
    name: 'organizer-event',
    role: 'organizer',
    open: async (page, w) => {
      await page.goto(`/my-events/${w.event.id}`);
      await heading(page, w.event.title);
      await page.getByText('Dana Diner').first().waitFor();
    },
  },
  {
    name: 'edit-event',
    role: 'organizer',
    open: async (page, w) => {
      await page.goto(`/my-events/${w.event.id}/edit`);
      await heading(page, 'Edit Event');
      await page.getByLabel('Event Title').waitFor();
    },
  },
  {
    name: 'organizer-profile',
    role: 'organizer',
    open: async (page) => {
      await page.goto('/profile');
      await heading(page, 'My Profile');
    },
  },
  {
    name: 'organizer-payouts',
    role: 'organizer',
    open: openPayouts,
  },
  {
    name: 'truck-profile',
    role: 'truck',
    open: async (page, w) => {
      await page.goto('/profile');
      await page.getByLabel('Business Name').waitFor();
      await page.getByText(w.taco.name).first().waitFor();
      await page.getByRole('region', { name: 'Pending Event Approvals' }).waitFor();
    },
  },
  {
    name: 'truck-bookings',
    role: 'truck',
    open: async (page, w) => {
      await page.goto('/bookings');
      await page.getByText(w.event.title).first().waitFor();
    },
  },
  {
    name: 'truck-event-day',
    role: 'truck',
    open: async (page, w) => {
      await page.goto(`/bookings/${w.event.id}/day`);
      await page.getByText('Dana Diner').first().waitFor();
    },
  },
  {
    name: 'truck-approve',
    role: 'truck',
    open: async (page, w) => {
      await page.goto(`/events/${w.pendingEvent.id}/approve`);
      await page
        .getByRole('button', { name: /approve/i })
        .first()
        .waitFor();
    },
  },
  {
    name: 'truck-payouts',
    role: 'truck',
    open: openPayouts,
  },
  {
    name: 'truck-payout-onboarding',
    role: 'truck',
    open: async (page) => {
      await page.goto('/payouts/onboarding/simulator');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
  {
    name: 'admin-public-list',
    role: 'admin',
    open: async (page, w) => {
      await page.goto('/events/public');
      await page.getByText(w.event.title).first().waitFor();
    },
  },
  {
    name: 'admin-events',
    role: 'admin',
    open: async (page, w) => {
      await page.goto('/admin/events');
      await page.getByText(w.hiddenEvent.title).first().waitFor();
    },
  },
  {
    name: 'admin-chat',
    role: 'admin',
    open: async (page) => {
      await page.goto('/admin/chat');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  },
];

const usernames = (w: World): Record<Exclude<Role, 'guest'>, string> => ({
  organizer: w.users.organizerA.username,
  truck: w.users.truckA.username,
  admin: w.users.admin.username,
});

beforeAll(async () => {
  mkdirSync(SCREENS_DIR, { recursive: true });
  running = await startApp();
  world = await buildWorld(running.app);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** A browser profile signed in as the role, with the onboarding tour already seen, cut off from outside hosts. */
async function contextFor(role: Role, viewport: { width: number; height: number }) {
  const opened = await openPage(browser, running.url, viewport);
  const origin = new URL(running.url).origin;
  await opened.context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  if (role !== 'guest') {
    await signIn(opened.context, usernames(world)[role]);
  }
  return opened;
}

type Opened = Awaited<ReturnType<typeof contextFor>>;
const shared = new Map<string, Promise<Opened>>();

/** The role's profile at this width, opened once and kept for the screens after (closed with the browser). */
function sharedContextFor(role: Role, viewport: { width: number; height: number }): Promise<Opened> {
  const key = `${role}-${viewport.width}`;
  let opened = shared.get(key);
  if (!opened) shared.set(key, (opened = contextFor(role, viewport)));
  return opened;
}

async function signIn(context: BrowserContext, username: string) {
  const login = await context.request.post(`${running.url}/api/login`, {
    data: { username, password: 'password123' },
    headers: { Origin: running.url },
  });
  expect(login.status()).toBe(200);
  const seen = await context.request.put(`${running.url}/api/tour`, {
    data: { active: false, currentStep: 0, points: 0, badges: [], completed: false },
    headers: { Origin: running.url },
  });
  expect(seen.status()).toBe(200);
}

function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`)
          .join('\n'),
    );
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`every screen at ${viewport.width}px`, () => {
    for (const screen of SCREENS) {
      it(`${screen.name}: no serious or critical axe violation, screenshot saved`, async () => {
        const { context, page, errors } = screen.fresh
          ? await contextFor(screen.role, viewport)
          : await sharedContextFor(screen.role, viewport);
        errors.length = 0;
        try {
          await screen.open(page, world);
          // Fonts and lazy chunks settle before the picture and the contrast check.
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({
            path: path.join(SCREENS_DIR, `${screen.name}-${viewport.width}.png`),
            fullPage: true,
          });
          const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
          expect(describeViolations(results)).toEqual([]);
          // Every screen names itself in the tab title.
          expect(await page.title()).toMatch(/^.+ · Food Truck Fund$/);
          expect(errors).toEqual([]);
        } finally {
          if (screen.fresh) await context.close();
        }
      });
    }
  });
}

/** What a keyboard user has focused: a control's label or text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const input = el as HTMLInputElement;
    const label = input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return label.replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab until the focused control's name matches, as a keyboard user would. */
async function tabTo(page: Page, name: string | RegExp, maxPresses = 120): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const focused = await focusedName(page);
    seen.push(focused);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}; focus went through: ${seen.join(' | ')}`);
}

describe('keyboard and focus', () => {
  it('a diner pre-orders with the keyboard alone: add to cart, checkout, pay', async () => {
    const { context, page, errors } = await contextFor('guest', DESKTOP);
    try {
      await page.goto(`/events/public/${world.event.id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
      await tabTo(page, 'Add to Cart');
      await page.keyboard.press('Enter');
      await tabTo(page, 'Your Name');
      await page.keyboard.type('Kim Keys');
      await tabTo(page, 'Email Address');
      await page.keyboard.type('kim@example.com');
      await tabTo(page, 'Proceed to Payment');
      await page.keyboard.press('Enter');
      await page.getByLabel('Card number').waitFor();
      // Shift+Tab would also do; from the button the form opens under, Tab reaches the card fields.
      await tabTo(page, 'Card number');
      await page.keyboard.type('4242 4242 4242 4242');
      await tabTo(page, 'Expiration (MM/YY)');
      await page.keyboard.type('12/34');
      await tabTo(page, 'CVC');
      await page.keyboard.type('123');
      await tabTo(page, /^Authorize/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Thanks, Kim Keys!' }).waitFor();
      // The way back is reachable by keyboard too.
      await tabTo(page, 'Back to the event');
      await page.keyboard.press('Enter');
      await page
        .getByRole('region', { name: 'Your Pre-Orders' })
        .getByText('Card authorized')
        .first()
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("on a phone, a truck's pending approvals come before its profile form", async () => {
    const { context, page, errors } = await contextFor('truck', PHONE);
    try {
      await page.goto('/profile');
      const approvals = page.getByRole('region', { name: 'Pending Event Approvals' });
      await approvals.getByText(world.pendingEvent.title).waitFor();
      const profile = page.getByRole('region', { name: 'Food Truck Profile' });
      const [a, p] = [(await approvals.boundingBox())!, (await profile.boundingBox())!];
      expect(a.y + a.height).toBeLessThanOrEqual(p.y);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone, a refused form focuses its first invalid field below the sticky navbar', async () => {
    const { context, page, errors } = await contextFor('organizer', PHONE);
    try {
      await page.goto('/events/create');
      await chooseTruck(page, world.users.truckA.businessName!);
      await page.getByLabel('Location').fill('Lincoln Elementary');
      // The title has scrolled up under the navbar when the organizer presses Enter in a field.
      const title = page.getByLabel('Event Title');
      await title.evaluate((el: HTMLInputElement) => {
        window.scrollBy(0, el.getBoundingClientRect().top - 16);
        el.form!.requestSubmit();
      });
      await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
      const navbar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
      const field = (await title.boundingBox())!;
      // The field and its label both show: nothing of it is under the navbar.
      const label = (await page.locator('label', { hasText: 'Event Title' }).boundingBox())!;
      expect(label.y).toBeGreaterThanOrEqual(navbar.y + navbar.height);
      expect(field.y).toBeGreaterThanOrEqual(navbar.y + navbar.height);
      expect(field.y + field.height).toBeLessThanOrEqual(PHONE.height);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
