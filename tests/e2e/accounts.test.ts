import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/seed/factories';
import { testConfig } from '../support/test-app';
import { launchBrowser, openPage, startApp, waitForToast, type RunningApp } from './support/harness';

/** Changing a password, and resetting a forgotten one by the link of the real mail (decision 120). */
let running: RunningApp;
let browser: Browser;
let mailDir: string;

beforeAll(async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'accounts-mail-'));
  running = await startApp({ mail: { ...testConfig().mail, smtpUrl: undefined, dir: mailDir } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await running?.close();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

/** The text part of an .eml file, decoded if it is quoted-printable. */
function textPart(eml: string): string {
  const part = /Content-Type: text\/plain[^\n]*\n((?:[^\n]+\n)*)\n([\s\S]*?)(?:\n--|$)/i.exec(eml);
  if (!part) return eml;
  const [, headers, body] = part;
  if (!/quoted-printable/i.test(headers!)) return body!;
  return body!
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Sends the outbox, then reads the newest mail whose file name has this subject's slug. */
async function newestMail(slug: string): Promise<string> {
  await running.app.ctx.reconciler.runOnce();
  const files = (await readdir(mailDir)).filter((f) => f.endsWith(`${slug}.eml`)).sort();
  expect(files.length).toBeGreaterThan(0);
  return textPart(await readFile(path.join(mailDir, files.at(-1)!), 'utf8'));
}

async function signIn(page: import('playwright-core').Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForToast(page, 'Logged in successfully');
}

describe('accounts in the browser', () => {
  it('changes a password from the Account page and signs the other devices out', async () => {
    await createUser(running.database.db, {
      username: 'cora',
      password: 'violet-harbor-42',
      contactEmail: 'cora@example.com',
    });
    const here = await openPage(browser, running.url);
    const elsewhere = await openPage(browser, running.url);
    await signIn(here.page, 'cora', 'violet-harbor-42');
    await signIn(elsewhere.page, 'cora', 'violet-harbor-42');

    await here.page.getByRole('link', { name: 'Account' }).first().click();
    await here.page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await here.page.getByText('E-mail address confirmed').waitFor();
    await here.page.getByLabel('Current password').fill('violet-harbor-42');
    await here.page.getByLabel('New password', { exact: true }).fill('password1234');
    await here.page.getByLabel('Confirm new password').fill('password1234');
    await here.page.getByRole('button', { name: 'Change password' }).click();
    // Only the server knows the list: its reason shows under the field.
    await here.page
      .getByLabel('New password', { exact: true })
      .and(here.page.locator('[aria-invalid="true"]'))
      .waitFor();
    await here.page
      .getByText('This password is too common or has appeared in a data breach. Please choose another.')
      .first()
      .waitFor();

    await here.page.getByLabel('New password', { exact: true }).fill('amber-lantern-77');
    await here.page.getByLabel('Confirm new password').fill('amber-lantern-77');
    await here.page.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(here.page, 'Your password was changed. Every other device was signed out.');

    await elsewhere.page.goto('/account');
    await elsewhere.page.waitForURL('**/auth');
    await here.page.reload();
    await here.page.getByText('Signed in as cora').waitFor();

    await signIn(elsewhere.page, 'cora', 'amber-lantern-77');
    expect(here.errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
    await here.context.close();
    await elsewhere.context.close();
  });

  it('resets a forgotten password with the mailed link, once, and signs every device out', async () => {
    await createUser(running.database.db, {
      username: 'rafa',
      password: 'violet-harbor-42',
      contactEmail: 'rafa@example.com',
    });
    const signedIn = await openPage(browser, running.url);
    await signIn(signedIn.page, 'rafa', 'violet-harbor-42');

    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Username or e-mail address').fill('RAFA@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText("If an account matches, we've e-mailed a link to reset its password.").waitFor();

    const mail = await newestMail('reset-your-food-truck-fund-password');
    const link = /Choose a new password: (\S+)/.exec(mail)![1]!;
    const url = new URL(link);
    expect(url.pathname).toBe('/reset-password');
    expect(url.hash).toMatch(/^#token=[\w-]{43}$/);

    await page.goto(url.pathname + url.hash);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('rafa-new-secret-9');
    await page.getByLabel('Confirm new password').fill('rafa-new-secret-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await waitForToast(page, 'Your password was reset. Please sign in with your new password.');
    await page.waitForURL('**/auth');

    // The other browser was signed out; the new password works, the old one no longer.
    await signedIn.page.goto('/account');
    await signedIn.page.waitForURL('**/auth');
    await signIn(page, 'rafa', 'rafa-new-secret-9');

    // The link works once.
    const again = await openPage(browser, running.url);
    await again.page.goto(url.pathname + url.hash);
    await again.page.getByLabel('New password', { exact: true }).fill('rafa-third-secret-8');
    await again.page.getByLabel('Confirm new password').fill('rafa-third-secret-8');
    await again.page.getByRole('button', { name: 'Set new password' }).click();
    await again.page
      .getByRole('alert')
      .getByText('This reset link has expired or was already used. Please ask for a new one.')
      .waitFor();
    await again.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();

    expect(errors).toEqual([]);
    expect(signedIn.errors).toEqual([]);
    for (const c of [context, signedIn.context, again.context]) await c.close();
  });
});
