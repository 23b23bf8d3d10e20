/**
 * The Content-Security-Policy and the other security headers in the real browser: the page, the
 * admin analytics dashboard (a lazy chunk with ECharts) and the API docs load and work with the
 * policy on, and Chromium reports no violation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const ADMIN_EMAIL = 'admin@scentinel.e2e';
const ADMIN_PASSWORD = 'e2e-admin-password-42';

describe('security headers in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Every violation the page reports, whether or not anything looks broken.
    await context.exposeBinding('__reportCsp', (_source, text: string) => {
      violations.push(text);
    });
    // A string script: this project's types have no DOM.
    await context.addInitScript(`
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__reportCsp(e.violatedDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber);
      });
    `);
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('serves the page with the policy and the standard headers, and the page works under it', async () => {
    const response = await page.goto(server.url);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
    // A search and a chemical opened: API calls and a modal under the policy.
    await page.getByTestId('search-input').fill('rose');
    await page.getByTestId('search-input').press('Enter');
    const chip = page.getByTestId('perfume-grid').getByTestId('chemical-chip').first();
    await chip.waitFor({ timeout: 30_000 });
    await chip.click();
    await page.getByTestId('chemical-detail').waitFor();
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });

  it('opens the admin analytics dashboard and draws its charts under the policy', async () => {
    await page.getByTestId('login-button').click();
    const form = page.getByTestId('sign-in-dialog');
    await form.getByLabel('Email').fill(ADMIN_EMAIL);
    await form.getByLabel('Password').fill(ADMIN_PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('current-user').waitFor();
    for (let i = 0; i < 5; i++) await page.getByTestId('logo-button').click();
    await page.getByRole('dialog', { name: 'Analytics Dashboard' }).waitFor();
    for (const chart of ['analytics-trends-chart', 'analytics-device-chart', 'analytics-country-chart']) {
      await page.getByTestId(chart).locator('canvas').first().waitFor({ timeout: 30_000 });
    }
    // A tooltip is styled from script: hover the trend chart.
    const box = await page.getByTestId('analytics-trends-chart').boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
  });

  it('serves the API docs page under the policy', async () => {
    const docs = await context.newPage();
    await docs.goto(`${server.url}/api/docs`);
    await docs.getByText('Scentinel API').first().waitFor({ timeout: 30_000 });
    await docs.close();
    expect(violations).toEqual([]);
  });
});
