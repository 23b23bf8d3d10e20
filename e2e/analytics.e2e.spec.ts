/**
 * Usage analytics through the real browser and the real server (`npm start`, embedded default):
 * the web client's tracking calls (home page view after 1 s, a region, a search, a chemical opened
 * from a perfume card, the admin's sign-in) and the admin analytics dashboard they feed (five logo
 * clicks, lazily loaded): summary cards, charts, live badge, period switch, export, axe. An
 * anonymous visitor who opens the dashboard gets the error screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOT_DIR } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const ADMIN_EMAIL = 'admin@scentinel.e2e';
const ADMIN_PASSWORD = 'e2e-admin-password-42';
const SEARCH = 'rose';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ID_PATTERN = /^[A-Za-z0-9_.-]{6,128}$/;

/** Toggles a checkbox from the keyboard: focus, then Space. */
async function switchWithKeyboard(checkbox: Locator): Promise<void> {
  await checkbox.focus();
  await checkbox.press('Space');
}

type Tracked = { kind: string; at: number; headers: Record<string, string>; body: Record<string, unknown> };

describe('usage analytics (browser)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tracked: Tracked[] = [];
  let chemicalName = '';
  let perfumeId = '';

  const dashboard = () => page.getByRole('dialog', { name: 'Analytics Dashboard' });
  const trackedOf = (kind: string) => tracked.filter((t) => t.kind === kind);
  const pageViews = () => trackedOf('page-view').map((t) => t.body.page);

  async function openDashboard() {
    for (let i = 0; i < 5; i++) await page.getByTestId('logo-button').click();
    await dashboard().waitFor();
    // A modal dialog: the focus moves into it.
    await expect(
      page.evaluate<boolean>(
        'document.querySelector(\'[data-testid="analytics-dashboard"]\').contains(document.activeElement)',
      ),
    ).resolves.toBe(true);
  }

  /**
   * The admin signed in and the dashboard open, whatever ran before: a test that needs them sets them
   * up itself (sign-in through the API, five logo clicks).
   */
  async function ensureDashboard() {
    if ((await dashboard().count()) > 0) return;
    // Run alone, the page has not opened the product yet.
    if (!page.url().startsWith(server.url)) {
      await page.goto(server.url);
      await page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
    }
    if ((await page.getByTestId('current-user').count()) === 0) {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(response.status).toBe(200);
      const session = JSON.stringify(await response.json());
      await page.evaluate(`localStorage.setItem('scentinel.session', ${JSON.stringify(session)})`);
      await page.goto(server.url);
      await page.getByTestId('current-user').waitFor({ timeout: 60_000 });
    }
    await openDashboard();
  }

  /** A search recorded for today straight through the tracking API (not through an earlier test). */
  async function recordSearch(query: string) {
    const response = await fetch(`${server.url}/api/analytics/track/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': `e2e-session-${query}` },
      body: JSON.stringify({ query, results_count: 3, category: 'perfume' }),
    });
    expect(response.ok).toBe(true);
  }

  async function closeDashboard() {
    await page.keyboard.press('Escape');
    await dashboard().waitFor({ state: 'detached' });
  }

  /** The number a summary card shows, once the usage rollup has caught up (Refresh until then). */
  async function cardValue(testId: string): Promise<string> {
    return (await page.getByTestId(`${testId}-value`).textContent())?.trim() ?? '';
  }

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    browser = await launchChromium();
    // axe needs a page of an explicit context; downloads are kept for the export.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('request', (request: Request) => {
      const match = /\/api\/analytics\/track\/([a-z-]+)$/.exec(new URL(request.url()).pathname);
      if (!match || request.method() !== 'POST') return;
      tracked.push({
        kind: match[1] ?? '',
        at: Date.now(),
        headers: request.headers(),
        body: (request.postDataJSON() ?? {}) as Record<string, unknown>,
      });
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('sends the home page view 1 s after start, with the session and visitor headers', async () => {
    const started = Date.now();
    await page.goto(server.url);
    await page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
    await expect.poll(pageViews, { timeout: 10_000 }).toContain('/');
    const home = trackedOf('page-view')[0]!;
    expect(home.at - started).toBeGreaterThanOrEqual(1000);
    expect(home.headers['x-session-id']).toMatch(ID_PATTERN);
    expect(home.headers['x-visitor-id']).toMatch(ID_PATTERN);
    await expect(page.evaluate<string | null>("localStorage.getItem('scentinel.visitorId')")).resolves.toBe(
      home.headers['x-visitor-id'],
    );
  });

  it('reports region exploration as a page view', async () => {
    const toggle = page.getByTestId('regions-toggle');
    await toggle.waitFor();
    await toggle.click();
    await expect.poll(() => pageViews().some((p) => String(p).startsWith('/regions/'))).toBe(true);
    await toggle.click();
  });

  it('reports a search with its result count, and a chemical opened from a perfume card', async () => {
    await page.getByTestId('search-input').fill(SEARCH);
    await page.getByTestId('search-input').press('Enter');
    await expect.poll(() => trackedOf('search').length, { timeout: 20_000 }).toBe(1);
    const search = trackedOf('search')[0]!;
    expect(search.body).toMatchObject({ query: SEARCH, category: 'perfume' });
    expect(search.body.results_count).toBeGreaterThan(0);

    const chip = page.getByTestId('perfume-grid').getByTestId('chemical-chip').first();
    const card = chip.locator('xpath=ancestor::article[@data-testid="perfume-card"]');
    await chip.waitFor();
    // An inferred chemical's chip shows a "~" before the name.
    chemicalName = ((await chip.textContent()) ?? '').replace(/^~/, '').trim();
    perfumeId = (await card.getAttribute('data-perfume-id')) ?? '';
    await chip.click();
    await page.getByTestId('chemical-detail').waitFor();
    await expect.poll(() => trackedOf('chemical-click').length).toBe(1);
    expect(trackedOf('chemical-click')[0]!.body).toMatchObject({
      chemical_name: chemicalName,
      source: 'perfume_card',
    });
    // Opening one of its chemicals counts as a view of the perfume.
    await expect.poll(pageViews).toContain(`/perfume/${perfumeId}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('chemical-detail').waitFor({ state: 'hidden' });

    // One session id for the whole page load.
    expect(new Set(tracked.map((t) => t.headers['x-session-id'])).size).toBe(1);
  });

  it('shows an anonymous visitor the error screen with Retry and Reload Page', async () => {
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', onRequest);
    await openDashboard();
    page.off('request', onRequest);
    // The dashboard and its charts arrive in a chunk of their own.
    expect(scripts.some((url) => /analytics-dashboard-[\w-]+\.js$/.test(url))).toBe(true);

    const error = page.getByTestId('analytics-error');
    await error.waitFor();
    await expect(page.getByTestId('analytics-error-message').textContent()).resolves.toMatch(
      /^API Error: 401\b/,
    );
    await error.getByRole('button', { name: 'Reload Page' }).waitFor();
    await page.getByTestId('analytics-debug').locator('summary').click();
    const debug = (await page.getByTestId('analytics-debug').textContent()) ?? '';
    expect(debug).toContain('401');
    expect(debug).toContain('/api/analytics/admin/dashboard?period=week');
    expect(debug).toMatch(/admin/i);

    // Retry clears the error and loads again (held back a moment to see the loading screen).
    await page.route('**/api/analytics/admin/dashboard**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await error.getByRole('button', { name: 'Retry' }).click();
    await dashboard().getByText('Loading Analytics Dashboard...').waitFor();
    await page.getByTestId('analytics-error').waitFor();
    await page.unroute('**/api/analytics/admin/dashboard**');

    await closeDashboard();
    // Focus goes back to the logo it was opened from.
    await expect(
      page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"),
    ).resolves.toBe('logo-button');
  });

  it('signs the admin in with the tracking headers and shows the dashboard with the usage', async () => {
    await page.getByTestId('login-button').click();
    const form = page.getByTestId('sign-in-dialog');
    await form.getByLabel('Email').fill(ADMIN_EMAIL);
    await form.getByLabel('Password').fill(ADMIN_PASSWORD);
    const [login] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/auth/login')),
      form.getByRole('button', { name: 'Sign In' }).click(),
    ]);
    await page.getByTestId('current-user').waitFor();
    expect(login.headers()['x-session-id']).toBe(tracked[0]?.headers['x-session-id']);
    expect(login.headers()['x-visitor-id']).toBe(tracked[0]?.headers['x-visitor-id']);

    await openDashboard();
    const dialog = dashboard();
    await expect(dialog.getAttribute('aria-modal')).resolves.toBe('true');
    await page.getByTestId('stat-searches').waitFor({ timeout: 30_000 });
    // The usage rollup folds the events in asynchronously: refresh until the search shows.
    await expect
      .poll(
        async () => {
          const value = await cardValue('stat-searches');
          if (value === '0') await page.getByTestId('analytics-refresh').click();
          return value;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .not.toBe('0');
    expect(Number(await cardValue('stat-page-views'))).toBeGreaterThanOrEqual(3);
    expect(Number(await cardValue('stat-sessions'))).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('stat-page-views').textContent()).resolves.toMatch(
      /Avg\. session: \d+:\d\d/,
    );
    await expect(page.getByTestId('stat-scans').textContent()).resolves.toMatch(/Usage rate: \d+\.\d%/);

    // The live badge, from the real-time call.
    await expect
      .poll(async () => (await page.getByTestId('analytics-live').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/^Live · Active sessions: [1-9][\d.]*K? · Events\/hour: [1-9][\d.]*K?$/);

    // Charts drawn (canvas), and the top-10 lists.
    for (const chart of ['analytics-trends-chart', 'analytics-device-chart', 'analytics-country-chart']) {
      await page.getByTestId(chart).locator('canvas').first().waitFor();
    }
    await expect
      .poll(
        async () => {
          await page.getByTestId('analytics-refresh').click();
          return (await dialog.textContent()) ?? '';
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain(chemicalName);
    await expect(page.getByTestId('analytics-popular-search_term').textContent()).resolves.toContain(SEARCH);
    await expect(page.getByTestId('analytics-popular-chemical').textContent()).resolves.toContain(
      chemicalName,
    );
    await page.getByTestId('analytics-popular-perfume').waitFor();

    // Tall enough to show every panel (the dialog scrolls inside itself, so fullPage would not help).
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.getByTestId('analytics-country-chart').locator('canvas').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analytics-dashboard.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('has no serious or critical axe violations on the open dashboard', async () => {
    await ensureDashboard();
    await page.getByTestId('stat-searches').waitFor({ timeout: 30_000 });
    const result = await new AxeBuilder({ page })
      .withTags(WCAG_TAGS)
      .include('[data-testid="analytics-dashboard"]')
      .analyze();
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });

  it('reloads the data for another period', async () => {
    await recordSearch('vetiver');
    await ensureDashboard();
    const [dashboardCall, dailyCall] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/analytics/admin/dashboard?period=today')),
      page.waitForResponse((r) => r.url().includes('/api/analytics/admin/metrics/daily?days=1')),
      page.getByTestId('analytics-period').selectOption('today'),
    ]);
    expect(dashboardCall.status()).toBe(200);
    expect(dailyCall.status()).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(async () => (await page.getByTestId('analytics-range').textContent()) ?? '')
      .toBe(`${today} – ${today} (UTC)`);
    // The usage rollup folds the recorded search in asynchronously: refresh until it shows.
    await expect
      .poll(
        async () => {
          const value = await cardValue('stat-searches');
          if (value === '0') await page.getByTestId('analytics-refresh').click();
          return value;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .not.toBe('0');
  });

  it('exports the period as a JSON file named with the period and the date', async () => {
    await ensureDashboard();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('analytics-export').click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`scentinel-analytics-today-${today}.json`);
    const file = await download.path();
    const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(
      ['daily_metrics', 'dashboard', 'exported_at', 'period', 'popular_content'].sort(),
    );
    expect(data.period).toBe('today');
    expect((data.dashboard as { total_searches: number }).total_searches).toBeGreaterThan(0);
    expect(Array.isArray(data.daily_metrics)).toBe(true);
    expect(Object.keys(data.popular_content as object).sort()).toEqual([
      'chemical',
      'perfume',
      'search_term',
    ]);
  });

  it('closes with the Close button', async () => {
    await dashboard().getByRole('button', { name: 'Close' }).click();
    await dashboard().waitFor({ state: 'detached' });
  });

  it('sends nothing once the visitor switches usage statistics off in the footer', async () => {
    const toggle = page.getByTestId('tracking-toggle');
    await expect(toggle.isChecked()).resolves.toBe(true);
    // Switched with the keyboard, as a keyboard user would: the footer sits below the window-wide
    // virtual grid, whose rows near the end are measured only once scrolled into view, so a pointer
    // click made right after scrolling to the footer can land where the footer was a frame before.
    await switchWithKeyboard(toggle);
    await expect(toggle.isChecked()).resolves.toBe(false);
    await expect(page.evaluate("localStorage.getItem('scentinel.analyticsEnabled')")).resolves.toBe('false');
    const before = tracked.length;
    // The tracker says when it skips an event: wait for that instead of pausing.
    const skipped = (path: string) =>
      page.waitForEvent('console', {
        predicate: (message) => message.text() === `Usage tracking is off: ${path} not sent`,
        timeout: 20_000,
      });
    const searchSkipped = skipped('search');
    await page.getByTestId('search-input').fill('oud');
    await page.getByTestId('search-input').press('Enter');
    await page.getByTestId('perfume-grid').getByTestId('perfume-card').first().waitFor();
    await searchSkipped;
    expect(tracked.length).toBe(before);
    // The choice outlives a reload (no home page view either), and switching back on resumes tracking.
    const viewSkipped = skipped('page-view');
    await page.reload();
    await expect(page.getByTestId('tracking-toggle').isChecked()).resolves.toBe(false);
    await viewSkipped;
    expect(tracked.length).toBe(before);
    await page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
    await switchWithKeyboard(page.getByTestId('tracking-toggle'));
    await expect(page.getByTestId('tracking-toggle').isChecked()).resolves.toBe(true);
    await page.getByTestId('search-input').fill('amber');
    await page.getByTestId('search-input').press('Enter');
    await expect
      .poll(() => trackedOf('search').map((t) => t.body.query), { timeout: 20_000 })
      .toContain('amber');
  });
});
