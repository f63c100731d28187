import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { buildApp } from '@server/app';
import type { AppConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { openTestDatabase, testConfig } from '../../support/test-app';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real server with the built client, on a free port, over a fresh database. */
export async function startApp(overrides: Partial<AppConfig> = {}): Promise<RunningApp> {
  const database = await openTestDatabase();
  const app = await buildApp(testConfig(overrides), { database, serveClient: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh browser profile (own cookies) on the app. Page errors and unexpected console errors are
 * collected: `assertNoErrors()` fails the test if the page threw.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  waitForAppOnLoad(page);
  reportTrailOnFailure(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // 4xx answers the app expects (401 on the session check, a refused login) are logged by the browser.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * When the test fails, prints what the page last did on the network: refused and failed requests, and
 * the ones still waiting for an answer, with their age. A timed-out `waitFor` then says whether the
 * server answered 4xx, never answered, or the page never asked. Pages opened outside a test (in
 * `beforeAll`) have no test to fail with and are left out.
 */
function reportTrailOnFailure(page: Page): void {
  const trail: string[] = [];
  const waiting = new Map<Request, number>();
  const name = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  const note = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > 40) trail.shift();
  };
  page.on('request', (request) => waiting.set(request, Date.now()));
  page.on('requestfinished', (request) => waiting.delete(request));
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${name(response.request())}`);
  });
  page.on('requestfailed', (request) => {
    waiting.delete(request);
    note(`failed ${name(request)}: ${request.failure()?.errorText ?? ''}`);
  });
  try {
    onTestFailed(() => {
      const now = Date.now();
      const pending = [...waiting].map(([request, since]) => `${name(request)} waiting ${now - since} ms`);
      process.stdout.write(
        [`Page trail (last at ${page.url()}):`, ...trail, ...pending].map((line) => `  ${line}`).join('\n') +
          '\n',
      );
    });
  } catch {
    // Not inside a test.
  }
}

/**
 * After a full page load, waits for the app to have taken the page over (`html[data-ready]`), as a
 * person waits for a page to respond: a page the server rendered is on screen, but inert, until it is
 * hydrated (decision 108). Not for `waitUntil: 'commit'`, nor for what is not one of the app's pages.
 */
function waitForAppOnLoad(page: Page): void {
  const ready = async (response: Awaited<ReturnType<Page['goto']>>, waitUntil?: string) => {
    if (waitUntil === 'commit' || !response?.headers()['content-type']?.startsWith('text/html')) return;
    // Only the app's own pages (the API reference, say, is another page).
    if ((await page.locator('#root').count()) === 0) return;
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await ready(response, options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await ready(response, options?.waitUntil);
    return response;
  };
}

/** Waits for a toast with this text (Radix also announces it in a live region, hence the scope). */
export async function waitForToast(page: Page, text: string | RegExp): Promise<void> {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();
}

/**
 * Chooses a truck in the create-event form's search (decision 220): types its name into "Select Food
 * Truck" and taps the truck of exactly that name in the list found.
 */
export async function chooseTruck(page: Page, name: string): Promise<void> {
  await page.getByLabel('Select Food Truck').fill(name);
  await page
    .getByRole('list', { name: 'Food trucks found' })
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) })
    .click();
  await page.getByRole('region', { name: 'Selected food truck' }).getByText(name, { exact: true }).waitFor();
}
