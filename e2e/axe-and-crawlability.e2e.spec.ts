/**
 * What this file checks, and nothing more: axe (WCAG A/AA) finds no serious or critical violation on
 * the loaded main page, on each tab of the Advanced Filters dialog and with the search suggestions
 * open; the filter tabs work from the keyboard; the brand dropdown is built on demand; the page
 * carries the crawlability basics (lang, title, meta description, robots.txt); and loading it on a
 * desktop window with a classic scrollbar moves nothing already shown (cumulative layout shift).
 * It does not run Lighthouse: those scores are measured by hand and recorded in docs/performance.md.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type RunningServer, removeDir, startServer } from './support/server.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('main page quality (axe, crawlability)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    // axe needs a page of an explicit context.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(server.url);
    await page.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('has no serious or critical axe violations on the loaded main page', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical axe violations on any tab of the filter dialog', async () => {
    await page.getByTestId('open-filters').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const tab of ['chemicals', 'notes', 'options']) {
      await page.getByTestId(`filters-tab-${tab}`).click();
      if (tab !== 'options') await page.getByTestId(`filter-list-${tab}`).waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page), `tab ${tab}`).toEqual([]);
    }
    // The tab list works from the keyboard: arrows move (wrapping), Home/End jump.
    const selected = (tab: string) => page.getByTestId(`filters-tab-${tab}`).getAttribute('aria-selected');
    await page.getByTestId('filters-tab-options').focus();
    await page.keyboard.press('ArrowRight');
    await expect(selected('chemicals')).resolves.toBe('true');
    await page.keyboard.press('End');
    await expect(selected('options')).resolves.toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(selected('notes')).resolves.toBe('true');
    await expect(page.locator('[data-testid="filters-tab-notes"]:focus').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('has no serious or critical axe violations with the search suggestions open', async () => {
    const input = page.getByTestId('search-input');
    await input.fill('rose');
    await page.getByTestId('search-suggestion').first().waitFor({ timeout: 20_000 });
    await input.press('ArrowDown');
    expect(await seriousViolations(page)).toEqual([]);
    await input.press('Escape');
    await page.getByTestId('search-suggestions').waitFor({ state: 'detached' });
    await input.fill('');
  });

  it('has no serious or critical axe violations in the CAS modal with its IFRA limits table open', async () => {
    const input = page.getByTestId('search-input');
    await input.fill('93-15-2');
    await input.press('Enter');
    const modal = page.getByTestId('cas-modal');
    await modal.getByTestId('ifra-block').waitFor({ timeout: 20_000 });
    await modal.getByTestId('ifra-block').locator('summary').click();
    await modal.getByTestId('ifra-limits').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('cas-close').click();
    await modal.waitFor({ state: 'hidden' });
    await input.fill('');
  });

  it("has no serious or critical axe violations in the CAS modal with DEHP's Prop 65 levels per age group", async () => {
    const input = page.getByTestId('search-input');
    await input.fill('117-81-7');
    await input.press('Enter');
    const modal = page.getByTestId('cas-modal');
    const levels = modal.getByTestId('safe-harbor-levels');
    await levels.waitFor({ timeout: 20_000 });
    // The list's own English words (its age groups) are marked as English for screen readers.
    expect(await levels.locator('span[lang="en"]').first().textContent()).toBe('Adult: ');
    expect(await seriousViolations(page)).toEqual([]);
    // The long body, with nothing in it to focus, still scrolls from the keyboard.
    const body = modal.locator('.modal__body');
    await body.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.getByTestId('cas-close').click();
    await modal.waitFor({ state: 'hidden' });
    await input.fill('');
  });

  it('builds the ~4,000-brand dropdown only when the user reaches for it, then offers every brand', async () => {
    const select = page.getByTestId('brand-select');
    // Until then it holds All Brands only: thousands of <option>s cost hundreds of ms on a phone.
    await expect(select.locator('option').count()).resolves.toBe(1);
    await select.focus();
    await expect.poll(() => select.locator('option').count(), { timeout: 10_000 }).toBeGreaterThan(100);
    const brand = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(brand ?? '');
    await expect(select.inputValue()).resolves.toBe(brand);
    await select.selectOption('');
  });

  it('keeps what it has shown in place while the catalogue loads (desktop, classic scrollbar)', async () => {
    // Headless Chromium hides scrollbars unless told not to; a desktop browser shows one as soon as
    // the loaded page outgrows the window, which used to move the whole page sideways.
    const desktop = await launchChromium({ classicScrollbars: true });
    try {
      const view = await desktop.newPage({ viewport: { width: 1350, height: 940 } });
      await view.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
            if (!e.hadRecentInput) w.__shift += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await view.goto(server.url);
      await view.getByTestId('perfume-card').first().waitFor({ timeout: 60_000 });
      // Every answer the first screen waits for (regions, counts) has arrived, and been painted.
      await view.waitForLoadState('networkidle');
      await view.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      const shift = await view.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift).toBeLessThan(0.1);
    } finally {
      await desktop.close();
    }
  });

  it('describes itself to crawlers: lang, title, meta description, a plain-text robots.txt', async () => {
    await expect(page.locator('html').getAttribute('lang')).resolves.toMatch(/^[a-z]{2}/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(50);
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent:/im);
  });
});
