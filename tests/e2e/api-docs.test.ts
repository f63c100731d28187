import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, startApp, type RunningApp } from './support/harness';

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

describe('the API reference', () => {
  it('works under the app’s Content-Security-Policy, and shows a route’s answer schema', async () => {
    const { page, context, errors } = await openPage(browser, running.url);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const answer = await page.goto('/api/docs');
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: /Food truck events marketplace API/ }).waitFor();
    await page.getByText('/api/events/{id}', { exact: true }).first().click();
    await page.getByText('Responses').first().waitFor();
    // The answer's schema, generated from the same Zod schema the server serializes with.
    await page.getByRole('button', { name: 'Schema' }).first().click();
    await page.getByText('backerCount').first().waitFor();
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375px phone', async () => {
    const { page, context, errors } = await openPage(browser, running.url, PHONE);
    await page.goto('/api/docs');
    await page.getByText('/api/payouts', { exact: true }).first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
