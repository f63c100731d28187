import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTruck, createUser } from '../../src/server/seed/factories';
import { launchBrowser, openPage, PHONE, startApp, waitForToast, type RunningApp } from './support/harness';

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

describe('accounts in the browser', () => {
  it('shows visitors the landing page and sends a private route to /auth', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Fundraising with Food Trucks' }).waitFor();
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();

    await page.goto('/my-events');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers, logs out, logs in again and lands where the role belongs', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please select your role').waitFor();
    await page.getByLabel('Username').fill('organizer-e2e');
    await page.getByLabel('Password', { exact: true }).fill('short-1');
    await page.getByLabel('Confirm Password').fill('short-2');
    await page.getByLabel('Account Type').selectOption('organizer');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Password must be at least 10 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByLabel('Confirm Password').fill('violet-harbor-43');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm Password').fill('violet-harbor-42');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForToast(page, 'Registration successful');
    await page.getByRole('heading', { name: 'Welcome, organizer-e2e!' }).waitFor();
    await page.getByRole('link', { name: 'My Events' }).first().waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await waitForToast(page, 'Logged out successfully');
    await page.getByRole('link', { name: 'Login / Register' }).click();
    await page.getByLabel('Username').fill('organizer-e2e');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForToast(page, 'Invalid username or password');
    await page.getByLabel('Password').fill('violet-harbor-42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForToast(page, 'Logged in successfully');
    await page.waitForURL(running.url + '/');
    await page.getByRole('heading', { name: 'Welcome, organizer-e2e!' }).waitFor();

    // A signed-in user who opens /auth is sent on.
    await page.goto('/auth');
    await page.waitForURL(running.url + '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a truck to its profile and an admin to the public list after sign-in', async () => {
    await createTruck(running.database.db, { username: 'truck-e2e', password: 'secret1' });
    await createUser(running.database.db, { username: 'admin-e2e', password: 'secret1', role: 'admin' });
    for (const [username, path] of [
      ['truck-e2e', '/profile'],
      ['admin-e2e', '/events/public'],
    ] as const) {
      const { page, context } = await openPage(browser, running.url);
      await page.goto('/auth');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('secret1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`**${path}`);
      await context.close();
    }
  });

  it('shows the 404 page for an unknown path, and the validation messages on a phone', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    // The marketing panel is for wide screens only.
    expect(await page.getByRole('complementary').isVisible()).toBe(false);
    // The menu folds into a button on a phone.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Login / Register' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
