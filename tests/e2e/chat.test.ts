import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createUser } from '../../src/server/seed/factories';
import { testConfig } from '../support/test-app';
import {
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  startApp,
  waitForToast,
  type RunningApp,
} from './support/harness';

/**
 * The support chat as people use it: a guest on one app instance, an admin on another instance over
 * the same database, and a second guest who must see nothing of the first one's conversation.
 */
let running: RunningApp;
let second: { app: FastifyInstance; url: string };
let browser: Browser;

beforeAll(async () => {
  running = await startApp();
  const app = await buildApp(testConfig(), { database: running.database, serveClient: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  second = { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
  await createUser(running.database.db, { username: 'ada-admin', role: 'admin', password: 'secret-admin' });
  await createUser(running.database.db, { username: 'oscar', role: 'organizer', password: 'secret-oscar' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await second?.app.close();
  await running?.close();
});

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForToast(page, 'Logged in successfully');
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open support chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Chat' });
  await dialog.waitFor();
  return dialog;
}

describe('support chat widget', () => {
  it('lets a guest ask, an admin on another instance answer within a second, and keeps a second guest out', async () => {
    const guest = await openPage(browser, running.url);
    await guest.page.goto('/');
    const chat = await openChat(guest.page);
    const box = await chat.boundingBox();
    expect(box?.height).toBe(400);
    expect(box?.width).toBeLessThanOrEqual(425);

    const input = chat.getByRole('textbox', { name: 'Message' });
    const send = chat.getByRole('button', { name: 'Send' });
    await expect.poll(() => input.isEnabled()).toBe(true);
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);

    const admin = await openPage(browser, second.url);
    await signIn(admin.page, 'ada-admin', 'secret-admin');
    await admin.page.getByRole('link', { name: 'Monitor Support Chat' }).click();
    await admin.page.getByRole('heading', { name: 'Support Chat Monitor' }).waitFor();
    await admin.page.getByText('No conversations yet.').waitFor();

    await input.fill('  Do you take orders for 40 people?  ');
    const sentAt = Date.now();
    await send.click();
    const log = chat.getByRole('log', { name: 'Chat messages' });
    await log.getByText('Do you take orders for 40 people?').waitFor();
    expect(await input.inputValue()).toBe('');

    const conversation = admin.page.getByRole('region', { name: /Guest #\d+/ });
    await conversation.getByText('Do you take orders for 40 people?').waitFor({ timeout: 1000 });
    console.info(
      `e2e chat: guest message shown on the other instance's monitor after ${Date.now() - sentAt} ms`,
    );

    const reply = conversation.getByLabel(/Reply to Guest #\d+/);
    await reply.fill('Yes, up to 200!');
    await conversation.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Yes, up to 200!').waitFor();
    await log.getByText(/ada-admin \(Support\)/).waitFor();

    const other = await openPage(browser, running.url);
    await other.page.goto('/how-it-works');
    const otherChat = await openChat(other.page);
    await expect.poll(() => otherChat.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await otherChat.getByText('Hi! Ask us anything').waitFor();
    expect(await otherChat.getByText('40 people').count()).toBe(0);
    expect(await otherChat.getByText('up to 200').count()).toBe(0);

    // After a reload the guest's own conversation comes back.
    await guest.page.reload();
    const reopened = await openChat(guest.page);
    await reopened.getByText('Do you take orders for 40 people?').waitFor();
    await reopened.getByText('Yes, up to 200!').waitFor();

    for (const p of [guest, admin, other]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });

  it('shows the connecting state, closes the socket with the dialog and says when the connection failed or closed', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    await page.goto('/');
    const sockets: Array<{ closed: boolean }> = [];
    page.on('websocket', (ws) => {
      const entry = { closed: false };
      sockets.push(entry);
      ws.on('close', () => (entry.closed = true));
    });

    let releaseHistory: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseHistory = resolve));
    await page.route('**/api/chat/history', async (route) => {
      await held;
      await route.continue();
    });
    const chat = await openChat(page);
    await chat.getByRole('status').getByText('Connecting…').waitFor();
    expect(await chat.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    expect(await chat.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    releaseHistory();
    await expect.poll(() => chat.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await page.unroute('**/api/chat/history');
    expect(sockets).toHaveLength(1);

    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'hidden' });
    await expect.poll(() => sockets[0]!.closed).toBe(true);

    // The server goes away under an open chat.
    const reopened = await openChat(page);
    await expect.poll(() => reopened.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    for (const client of running.app.websocketServer.clients) client.terminate();
    await reopened.getByText('Connection closed. Please try again.').waitFor();
    expect(await reopened.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await reopened.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => reopened.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);

    // The chat can't be reached at all.
    await page.keyboard.press('Escape');
    await page.route('**/api/chat/history', (route) => route.fulfill({ status: 503, body: '' }));
    const failed = await openChat(page);
    await failed.getByText('Failed to connect to chat. Please try again.').waitFor();
    expect(await failed.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375px phone and works with the keyboard alone', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open support chat' });
    const spot = await button.boundingBox();
    expect(spot!.x + spot!.width).toBeLessThanOrEqual(PHONE.width);
    expect(spot!.y + spot!.height).toBeLessThanOrEqual(PHONE.height);
    await button.focus();
    await page.keyboard.press('Enter');
    const chat = page.getByRole('dialog', { name: 'Support Chat' });
    const box = await chat.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const input = chat.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Typed on a phone');
    await page.keyboard.press('Enter');
    await chat.getByRole('log').getByText('Typed on a phone').waitFor();
    // A long message stays within 80% of the log's width.
    await input.fill('A'.repeat(400));
    await page.keyboard.press('Enter');
    const bubble = chat.getByRole('log').getByRole('listitem').filter({ hasText: 'AAAA' });
    const [bubbleBox, logBox] = [await bubble.boundingBox(), await chat.getByRole('log').boundingBox()];
    expect(bubbleBox!.width).toBeLessThanOrEqual(logBox!.width * 0.8 + 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('support chat monitor', () => {
  it('is the 404 page for anyone but an admin, and admins get a link to it from the widget', async () => {
    const { page, context, errors } = await openPage(browser, running.url, DESKTOP);
    await signIn(page, 'oscar', 'secret-oscar');
    await page.goto('/admin/chat');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Monitor Support Chat' }).count()).toBe(0);
    await context.close();

    const admin = await openPage(browser, running.url);
    await signIn(admin.page, 'ada-admin', 'secret-admin');
    const chat = await openChat(admin.page);
    await chat.getByRole('link', { name: 'Monitor Support Chat' }).click();
    await admin.page.waitForURL('**/admin/chat');
    await admin.page.getByText(/Active connections: \d+/).waitFor();
    expect([...errors, ...admin.errors]).toEqual([]);
    await admin.context.close();
  });

  it('lists conversations newest first and refreshes by polling when the live socket is down', async () => {
    const admin = await openPage(browser, running.url);
    await signIn(admin.page, 'ada-admin', 'secret-admin');
    await admin.page.goto('/admin/chat');
    await admin.page.getByRole('heading', { name: 'Support Chat Monitor' }).waitFor();
    await admin.page.getByText(/Active connections/).waitFor();
    // Live updates off: only the 5-second poll can bring new conversations now. (Wait for the monitor's
    // socket to be accepted first, or there is nothing to cut.)
    await expect.poll(() => running.app.websocketServer.clients.size, { timeout: 10_000 }).toBeGreaterThan(0);
    for (const client of running.app.websocketServer.clients) client.terminate();
    await admin.page.getByText('Connection closed. Please try again.').waitFor();

    const older = await openPage(browser, running.url);
    await older.page.goto('/');
    const olderChat = await openChat(older.page);
    await expect.poll(() => olderChat.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await olderChat.getByRole('textbox', { name: 'Message' }).fill('older conversation');
    await olderChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await olderChat.getByRole('log').getByText('older conversation').waitFor();

    const newer = await openPage(browser, second.url);
    await newer.page.goto('/');
    const newerChat = await openChat(newer.page);
    await expect.poll(() => newerChat.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true);
    await newerChat.getByRole('textbox', { name: 'Message' }).fill('newer conversation');
    await newerChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await newerChat.getByRole('log').getByText('newer conversation').waitFor();

    await admin.page.getByText('newer conversation').waitFor({ timeout: 7000 });
    const titles = await admin.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('heading')
      .allTextContents();
    const indexOf = async (text: string) => {
      const name = await admin.page
        .getByRole('region')
        .filter({ hasText: text })
        .getByRole('heading')
        .textContent();
      return titles.indexOf(name!);
    };
    expect(await indexOf('newer conversation')).toBeLessThan(await indexOf('older conversation'));
    for (const p of [admin, older, newer]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
});
